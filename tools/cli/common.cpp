#include "tools/cli/common.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "engine/error.hpp"
#include "engine/text.hpp"
#include "tools/cli/dispatch.hpp"

namespace frontier::cli {

void answer_lookups(const std::vector<std::string>& states, bool json,
                    const std::function<Json(const std::string&)>& answer) {
    std::vector<std::string> inputs = states;
    if (inputs.empty())
        for (std::string line; std::getline(std::cin, line);)
            if (!line.empty() && line[0] != '#') inputs.push_back(line);
    Json all = Json::array();
    int invalid = 0;
    for (const std::string& text : inputs) {
        Json j;
        try {
            j = answer(text);
        } catch (const InputError& e) {
            ++invalid;
            std::cerr << "frontier: error: " << one_line(e.what()) << '\n';
            if (json)
                all.push_back({{"state", text},
                               {"distance", nullptr},
                               {"status", "invalid"},
                               {"reason", e.what()}});
            continue;
        }
        if (json) {
            all.push_back(j);
            continue;
        }
        std::cout << j["state"].get<std::string>() << ": ";
        if (j["status"] == "ok") {
            std::cout << j["distance"].get<int>();
            if (j.contains("moves")) {
                const std::string moves = j["moves"];
                std::cout << " (moves: " << (moves.empty() ? "none" : moves) << ")";
            }
            std::cout << '\n';
        } else if (j["status"] == "unsolvable") {
            std::cout << "unsolvable (" << j["reason"].get<std::string>() << ")\n";
        } else {
            std::cout << "unreachable from the goal\n";
        }
    }
    if (json) print_json(all);
    if (invalid > 0) throw ExitRequest{2};
}

void check_output_path(const std::string& option, const std::string& path) {
    if (path.empty()) throw InputError(option + ": the path is empty");
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (fs::is_directory(st)) throw InputError(option + " " + path + ": is a directory");
    if (fs::exists(st) && !fs::is_regular_file(st))
        throw InputError(option + " " + path + ": not a regular file; refusing to replace it");
    const fs::path dir = fs::path(path).parent_path();
    if (!dir.empty() && !fs::is_directory(dir, ec))
        throw InputError(option + " " + path + ": the directory " + dir.string() +
                         " does not exist");
}

int max_threads() {
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    return std::min(1024, 4 * cores);
}

int parse_thread_count(const std::string& what, const std::string& text, bool zero_means_all) {
    const std::string range = std::string(zero_means_all ? "0 (all cores) or " : "") + "1 to " +
                              std::to_string(max_threads()) + " (4 x the cores, at most 1024)";
    std::size_t digits = 0;
    while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
    if (text.empty() || digits != text.size() || digits > 9)
        throw InputError(what + ": expected " + range);
    const int n = std::stoi(text);
    if ((n == 0 && !zero_means_all) || n > max_threads())
        throw InputError(what + " " + std::to_string(n) + ": expected " + range);
    return n;
}

void add_threads_option(CLI::App* cmd, int& threads) {
    cmd->add_option(
           "--threads", threads,
           "worker threads: 0 = all cores (default), at most " + std::to_string(max_threads()))
        ->transform([](const std::string& text) {
            try {
                return std::to_string(parse_thread_count("--threads", text, true));
            } catch (const InputError& e) {
                throw CLI::ValidationError(e.what());
            }
        });
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

// For unsigned options: no sign, and at most 2^64 - 1.
void check_unsigned(const std::string& v) {
    if (!v.empty() && v[0] == '-') throw CLI::ValidationError("must be 0 or more");
    if (v.find_first_not_of("0123456789") != std::string::npos) return;  // CLI11 reports it
    const std::string max = "18446744073709551615";
    if (v.size() > max.size() || (v.size() == max.size() && v > max))
        throw CLI::ValidationError("too large (at most " + max + ")");
}

}  // namespace

void use_decimal_numbers(CLI::App& app) {
    for (CLI::Option* opt : app.get_options()) {
        const std::string type = opt->get_type_name();
        const bool is_unsigned = type.find("UINT") != std::string::npos;
        if (type.find("INT") == std::string::npos && type.find("FLOAT") == std::string::npos)
            continue;
        opt->transform(
            [is_unsigned](const std::string& v) {
                std::string out = strip_leading_zeros(v);
                if (is_unsigned) check_unsigned(out);
                return out;
            },
            "", "");
    }
    for (CLI::App* sub : app.get_subcommands({})) use_decimal_numbers(*sub);
}

std::string closest_name(const std::string& typed, const std::vector<std::string>& known) {
    std::string best;
    std::size_t best_distance = 3;
    for (const std::string& name : known) {
        // Levenshtein distance, one row at a time.
        std::vector<std::size_t> row(name.size() + 1);
        for (std::size_t j = 0; j <= name.size(); ++j) row[j] = j;
        for (std::size_t i = 1; i <= typed.size(); ++i) {
            std::size_t diagonal = row[0];
            row[0] = i;
            for (std::size_t j = 1; j <= name.size(); ++j) {
                const std::size_t up = row[j];
                row[j] = std::min(
                    {row[j] + 1, row[j - 1] + 1, diagonal + (typed[i - 1] == name[j - 1] ? 0 : 1)});
                diagonal = up;
            }
        }
        const std::size_t d = row[name.size()];
        if (d < best_distance && 2 * d < typed.size()) {
            best_distance = d;
            best = name;
        }
    }
    return best;
}

std::string json_line(const Json& j) {
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

namespace {

// The length of the UTF-8 character starting at text[i], or 0 when the bytes there are not one.
std::size_t utf8_length(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b = byte(i);
    const std::size_t n = b < 0x80           ? 1
                          : (b >> 5) == 0x6  ? 2
                          : (b >> 4) == 0xE  ? 3
                          : (b >> 3) == 0x1E ? 4
                                             : 0;
    if (n == 0 || i + n > text.size()) return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
    if (n == 2 && b < 0xC2) return 0;  // overlong
    return n;
}

}  // namespace

std::string one_line(std::string_view text, std::size_t max_bytes) {
    std::string out;
    std::size_t i = 0;
    while (i < text.size() && out.size() < max_bytes) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        const std::size_t n = utf8_length(text, i);
        if (c == '\n') {
            out += "\\n";
        } else if (c == '\t') {
            out += "\\t";
        } else if (n == 0 || c < 0x20 || c == 0x7F) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02x", c);
            out += hex;
        } else {
            out.append(text.substr(i, n));
            i += n;
            continue;
        }
        ++i;
    }
    if (i < text.size()) out += "... (" + std::to_string(text.size() - i) + " more bytes)";
    return out;
}

void print_json(const Json& j) {
    std::cout << j.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
}

std::vector<std::string> split_list(const std::string& text) {
    std::vector<std::string> items;
    std::stringstream ss(text);
    for (std::string item; std::getline(ss, item, ',');)
        if (!trim(item).empty()) items.push_back(std::string(trim(item)));
    return items;
}

void print_table(const std::vector<std::string>& headers,
                 const std::vector<std::vector<std::string>>& rows,
                 const std::string& first_header) {
    std::vector<std::string> head{first_header};
    head.insert(head.end(), headers.begin(), headers.end());
    std::vector<std::size_t> width(head.size());
    for (std::size_t c = 0; c < head.size(); ++c) width[c] = head[c].size();
    for (const auto& row : rows)
        for (std::size_t c = 0; c < row.size() && c < width.size(); ++c)
            width[c] = std::max(width[c], row[c].size());
    auto print_row = [&](const std::vector<std::string>& row) {
        std::string line;
        for (std::size_t c = 0; c < head.size(); ++c) {
            const std::string cell = c < row.size() ? row[c] : "";
            const std::string pad(width[c] - cell.size(), ' ');
            line += c == 0 ? cell + pad : "  " + pad + cell;
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        std::cout << line << '\n';
    };
    print_row(head);
    for (const auto& row : rows) print_row(row);
}

}  // namespace frontier::cli
