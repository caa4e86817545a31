// The numeric options of every command: decimal only, and a value out of the option's range
// refused with one line that gives the bound (common.hpp).
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include <frontier/engine/text.hpp>
#include "tools/cli/common.hpp"

namespace frontier::cli {

CLI::Validator non_negative_number() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            char* end = nullptr;
            const double v = std::strtod(text.c_str(), &end);
            if (end == text.c_str()) return "";  // not a number: the option's own parse says so
            return v >= 0 ? "" : "must be 0 or more, not " + text;
        },
        "NUMBER >= 0");
}

namespace {

// "007" -> "7", "-012" -> "-12"; anything else unchanged.
std::string strip_leading_zeros(const std::string& v) {
    const std::size_t sign = !v.empty() && (v[0] == '-' || v[0] == '+') ? 1 : 0;
    std::size_t i = sign;
    while (i + 1 < v.size() && v[i] == '0' && std::isdigit(static_cast<unsigned char>(v[i + 1])))
        ++i;
    return v.substr(0, sign) + v.substr(i);
}

// Decimal only: CLI11 itself also reads "0x1F", "0b101" and "0o17" (and, after leading zeros
// are dropped, "000X1" as "0X1"), hexadecimal floating point and "inf"/"nan". An integer is an
// optional sign and digits; a real number that, a fraction and an exponent. Surrounding spaces
// are left to CLI11, which trims them.
void check_decimal(const std::string& text, bool integer) {
    const std::string_view v = trim(text);
    std::size_t i = !v.empty() && (v[0] == '-' || v[0] == '+') ? 1 : 0;
    const auto digits = [&] {
        const std::size_t from = i;
        while (i < v.size() && std::isdigit(static_cast<unsigned char>(v[i]))) ++i;
        return i - from;
    };
    std::size_t mantissa = digits();
    if (!integer && i < v.size() && v[i] == '.') {
        ++i;
        mantissa += digits();
    }
    bool ok = mantissa > 0;
    if (ok && !integer && i < v.size() && (v[i] == 'e' || v[i] == 'E')) {
        ++i;
        if (i < v.size() && (v[i] == '-' || v[i] == '+')) ++i;
        ok = digits() > 0;
    }
    if (!ok || i != v.size())
        throw CLI::ValidationError(
            integer ? "expected a decimal integer"
                    : "expected a decimal number");  // strtod reads "1e999" as infinity: out of
                                                     // range, not a number to compute with.
    if (!integer && !std::isfinite(std::strtod(std::string(v).c_str(), nullptr)))
        throw CLI::ValidationError("out of range");
}

// For unsigned options: no sign, and at most 2^64 - 1.
void check_unsigned(const std::string& v) {
    if (!v.empty() && v[0] == '-') throw CLI::ValidationError("must be 0 or more");
    if (v.find_first_not_of("0123456789") != std::string::npos) return;  // CLI11 reports it
    const std::string max = "18446744073709551615";
    if (v.size() > max.size() || (v.size() == max.size() && v > max))
        throw CLI::ValidationError("too large (at most " + max + ")");
}

// For an integer option narrower than 64 bits (an `int` N, --count): a decimal value its type
// cannot hold is refused as "too large (at most 2147483647)", like the 64-bit ones, not with
// CLI11's "Could not convert". The option's type is known only to its callback, so the value
// is tried on it, and on failure so are the largest values of each width. The callback only
// stores into the option's variable, which the parse stores into again right after (or never
// reads, the parse having failed).
void check_fits(const CLI::Option& opt, const std::string& v, bool is_unsigned) {
    const CLI::callback_t store = opt.get_callback();
    if (!store || store({v})) return;
    const bool negative = !v.empty() && v[0] == '-';
    const std::vector<std::string> bounds =
        is_unsigned ? std::vector<std::string>{"18446744073709551615", "4294967295", "65535", "255"}
        : negative
            ? std::vector<std::string>{"-9223372036854775808", "-2147483648", "-32768", "-128"}
            : std::vector<std::string>{"9223372036854775807", "2147483647", "32767", "127"};
    for (const std::string& bound : bounds)
        if (store({bound}))
            throw CLI::ValidationError(
                std::string(negative ? "too small (at least " : "too large (at most ") + bound +
                ")");
}

}  // namespace

void use_decimal_numbers(CLI::App& app) {
    for (CLI::Option* opt : app.get_options()) {
        const std::string type = opt->get_type_name();
        const bool is_unsigned = type.find("UINT") != std::string::npos;
        const bool integer = type.find("INT") != std::string::npos;
        if (!integer && type.find("FLOAT") == std::string::npos) continue;
        opt->transform(
            [opt, is_unsigned, integer](const std::string& v) {
                check_decimal(v, integer);
                std::string out = strip_leading_zeros(std::string(trim(v)));
                if (is_unsigned) check_unsigned(out);
                if (integer) check_fits(*opt, out, is_unsigned);
                return out;
            },
            "", "");
    }
    for (CLI::App* sub : app.get_subcommands({})) use_decimal_numbers(*sub);
}

}  // namespace frontier::cli
