#include <frontier/domains/pancake/pancake_io.hpp>

#include <charconv>

#include <frontier/engine/error.hpp>
#include <frontier/engine/text.hpp>

namespace frontier {

namespace {

constexpr std::string_view kPrefix = "pancake:";

std::string range_text() {
    return "from " + std::to_string(Pancake::kMinPancakes) + " to " +
           std::to_string(Pancake::kMaxPancakes);
}

bool is_separator(char c) {
    return c == ' ' || c == '\t' || c == ',' || c == '\r' || c == '\n';
}

[[noreturn]] void bad_stack(std::string_view text, const std::string& why) {
    throw InputError("invalid pancake stack " + quote_input(text.substr(0, 80)) + ": " + why);
}

}  // namespace

Pancake parse_pancake_name(std::string_view name) {
    if (name == "pancake" || name == kPrefix)
        throw InputError("pancake needs the number of pancakes: pancake:N with N " + range_text() +
                         ", for example pancake:8");
    if (!name.starts_with(kPrefix))
        throw InputError("unknown pancake domain " + quote_input(name.substr(0, 40)) +
                         " (expected pancake:N with N " + range_text() + ")");
    const std::string_view digits = name.substr(kPrefix.size());
    int n = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    const bool all_digits = end == digits.data() + digits.size();
    if (ec == std::errc::result_out_of_range && all_digits)
        n = Pancake::kMaxPancakes + 1;  // all digits, too many of them
    else if (ec != std::errc() || !all_digits)
        throw InputError("invalid number of pancakes " + quote_input(digits.substr(0, 40)) +
                         " in pancake:N (expected a whole number " + range_text() + ")");
    if (n < Pancake::kMinPancakes || n > Pancake::kMaxPancakes)
        throw InputError("unsupported pancake:" + std::string(digits.substr(0, 40)) +
                         ": the number of pancakes must be " + range_text());
    return Pancake(n);
}

bool is_pancake_name(std::string_view name) {
    return name == "pancake" || name.starts_with(kPrefix);
}

std::string pancake_spec(const Pancake& d) {
    return std::string(kPrefix) + std::to_string(d.pancakes());
}

PancakeState parse_pancake_state(const Pancake& d, std::string_view text) {
    const int n = d.pancakes();
    std::uint64_t cakes = 0;
    std::uint32_t seen = 0;
    int count = 0;
    for (std::size_t i = 0; i < text.size();) {
        if (is_separator(text[i])) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < text.size() && !is_separator(text[end])) ++end;
        const std::string_view word = text.substr(i, end - i);
        int size = 0;
        const auto [stop, ec] = std::from_chars(word.data(), word.data() + word.size(), size);
        if (ec != std::errc() || stop != word.data() + word.size() || size < 1 || size > n)
            bad_stack(text, quote_input(word.substr(0, 20), '\'') + " is not a pancake size 1 to " +
                                std::to_string(n));
        if (seen >> (size - 1) & 1)
            bad_stack(text, "pancake " + std::to_string(size) + " appears twice");
        if (count < n) cakes |= static_cast<std::uint64_t>(size - 1) << (4 * count);
        seen |= 1u << (size - 1);
        ++count;
        i = end;
    }
    if (count != n)
        bad_stack(text, "expected " + std::to_string(n) + " pancakes (each size 1 to " +
                            std::to_string(n) + " once, top first), got " + std::to_string(count));
    return PancakeState{cakes};
}

std::string format_pancake_state(const Pancake& d, PancakeState s) {
    std::string out;
    for (int i = 0; i < d.pancakes(); ++i) {
        if (i) out += ' ';
        out += std::to_string(s.at(i) + 1);
    }
    return out;
}

// Each pancake centred, as wide as twice its size, the plate under the stack:
//       ==
//     ======
//    ========
//   ----------
std::string draw_pancakes(const Pancake& d, PancakeState s) {
    const int n = d.pancakes();
    std::string out;
    for (int i = 0; i < n; ++i) {
        const int size = s.at(i) + 1;
        out += std::string(static_cast<std::size_t>(n - size + 1), ' ') +
               std::string(static_cast<std::size_t>(2 * size), '=') + '\n';
    }
    return out + std::string(static_cast<std::size_t>(2 * n + 2), '-') + '\n';
}

std::string DomainIO<Pancake>::describe(const Pancake& d) {
    return "pancake puzzle, " + std::to_string(d.pancakes()) + " pancakes (" +
           std::to_string(d.size()) + " stacks)";
}

}  // namespace frontier
