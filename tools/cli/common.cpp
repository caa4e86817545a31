#include "tools/cli/common.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include <unistd.h>

#include <frontier/engine/error.hpp>
#include <frontier/engine/text.hpp>
#include "tools/cli/dispatch.hpp"

namespace frontier::cli {

void report_bad_input(const std::string& where, const std::string& message) {
    std::cerr << ("frontier: error: " + where + ": " + one_line(message) + "\n") << std::flush;
}

std::string input_place(const std::string& file, int line) {
    return (file == "-" ? std::string("stdin") : file) + ":" + std::to_string(line);
}

void answer_lookups(const std::vector<std::string>& states, bool json,
                    const std::function<Json(const std::string&)>& answer) {
    std::vector<std::string> inputs = states, places;  // places: where each came from
    for (std::size_t i = 0; i < states.size(); ++i)
        places.push_back("argument " + std::to_string(i + 1));
    // Without states, a lookup typed at a terminal would wait in silence for its input.
    if (states.empty() && ::isatty(STDIN_FILENO) == 1)
        std::cerr << "frontier lookup: reading states from standard input (one per line; Ctrl-D "
                     "ends)\n";
    std::string line;
    int number = 0;
    for (LineRead got;
         states.empty() && (got = read_bounded_line(std::cin, line)) != LineRead::end;) {
        ++number;
        if (got == LineRead::too_long)
            throw InputError("stdin: a line longer than " + std::to_string(kMaxLineBytes) +
                             " bytes (not a list of states?)");
        if (number == 1) drop_byte_order_mark(line);
        if (line.empty() || line[0] == '#') continue;
        inputs.push_back(line);
        places.push_back("stdin:" + std::to_string(number));
    }
    // Answers and errors are held until every state is answered: a damaged table found at the
    // last state then gives its one line alone, nothing printed from it before.
    Json all = Json::array();
    std::ostringstream out;
    std::vector<std::pair<std::string, std::string>> bad;  // where, message
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const std::string& text = inputs[i];
        Json j;
        try {
            j = answer(text);
        } catch (const DamagedTableError&) {
            throw;  // the table, not this state: no answer from it can be trusted
        } catch (const InputError& e) {  // the batch policy: reported, the rest answered
            bad.emplace_back(places[i], e.what());
            if (json)
                all.push_back({{"state", text},
                               {"distance", nullptr},
                               {"status", "error"},
                               {"error", e.what()}});
            continue;
        }
        if (json) {
            all.push_back(j);
            continue;
        }
        out << j["state"].get<std::string>() << ": ";
        if (j["status"] == "ok") {
            out << j["distance"].get<int>();
            if (j.contains("moves")) {  // an array of moves, in the notation of solve
                std::string moves;
                for (const auto& m : j["moves"])
                    moves += (moves.empty() ? "" : " ") + m.get<std::string>();
                out << " (moves: " << (moves.empty() ? "none" : moves) << ")";
            }
            out << '\n';
        } else if (j["status"] == "unsolvable") {
            out << "unsolvable (" << j["reason"].get<std::string>() << ")\n";
        } else {
            out << "unreachable from the goal\n";
        }
    }
    for (const auto& [where, message] : bad) report_bad_input(where, message);
    if (json)
        print_json(all);
    else
        std::cout << out.str();
    if (!bad.empty()) throw ExitRequest{kExitBadInputs};
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
    const std::string given = text.empty() ? "an empty value" : one_line(text, 40);
    if (text.empty() || digits != text.size() || digits > 9)
        throw InputError(what + " " + given + ": expected " + range);
    const int n = std::stoi(text);
    if ((n == 0 && !zero_means_all) || n > max_threads())
        throw InputError(what + " " + given + ": expected " + range);
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
                // CLI11 puts "--threads: " before the message: the option is named once.
                const std::string why = e.what();
                throw CLI::ValidationError(why.substr(std::string("--threads ").size()));
            }
        });
}

void throw_unknown_name(const std::string& what, const std::string& typed,
                        const std::vector<std::string>& known, const std::string& for_what) {
    std::string list;
    for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
    const std::string close = closest_name(typed, known);
    throw InputError("unknown " + what + " \"" + one_line(typed) + "\"" +
                     (for_what.empty() ? "" : " for " + for_what) + " (known: " + list + ")" +
                     (close.empty() ? "" : "; did you mean \"" + close + "\"?"));
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
    // Else the shortest name the typed word begins: gen for generate, ida for idastar.
    const std::size_t stem = typed.find_first_not_of('-');
    if (best.empty() && stem != std::string::npos && typed.size() - stem >= 2)
        for (const std::string& name : known)
            if (name.starts_with(typed) && (best.empty() || name.size() < best.size())) best = name;
    return best;
}

std::string json_line(const Json& j) {
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

namespace {

// The UTF-8 character starting at text[i]: its length in bytes and its code point, or length 0
// when the bytes there are not one (a stray or cut continuation byte, an overlong form, a
// surrogate, a value past U+10FFFF).
struct Utf8Char {
    std::size_t length = 0;
    char32_t code = 0;
};

Utf8Char utf8_at(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b = byte(i);
    if (b < 0x80) return {1, b};
    const std::size_t n = (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > text.size()) return {};
    char32_t code = b & (0x7F >> n);
    for (std::size_t k = 1; k < n; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) return {};
        code = code << 6 | (byte(i + k) & 0x3F);
    }
    static constexpr char32_t kSmallest[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < kSmallest[n] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return {};
    return {n, code};
}

// Valid characters that must not reach a terminal as they are: C1 controls (0x9B is a CSI
// escape on some terminals), the Unicode line and paragraph separators (a second line), and
// invisible ones that hide or reorder what is printed: zero-width characters, direction marks
// and overrides, the byte-order mark (an input that starts with one would otherwise look
// identical to one that does not).
bool hidden(char32_t c) {
    return (c >= 0x80 && c <= 0x9F) || (c >= 0x200B && c <= 0x200F) ||
           (c >= 0x2028 && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0xFEFF;
}

}  // namespace

void drop_byte_order_mark(std::string& text) {
    if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);
}

std::string one_line(std::string_view text, std::size_t max_chars) {
    std::string out;
    std::size_t i = 0, chars = 0;
    for (; i < text.size() && chars < max_chars; ++chars) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        const Utf8Char u = utf8_at(text, i);
        char escape[16];
        if (c == '\n') {
            out += "\\n";
        } else if (c == '\t') {
            out += "\\t";
        } else if (u.length == 0 || c < 0x20 || c == 0x7F) {
            std::snprintf(escape, sizeof escape, "\\x%02x", c);
            out += escape;
        } else if (hidden(u.code)) {
            std::snprintf(escape, sizeof escape, "\\u%04x", static_cast<unsigned>(u.code));
            out += escape;
        } else {
            out.append(text.substr(i, u.length));
        }
        i += std::max<std::size_t>(u.length, 1);
    }
    if (i < text.size()) {
        std::size_t more = 0;
        for (std::size_t k = i; k < text.size();
             k += std::max<std::size_t>(utf8_at(text, k).length, 1))
            ++more;
        out +=
            "... (" + std::to_string(more) + (more == 1 ? " more character)" : " more characters)");
    }
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
