#include <frontier/domains/cryptarithm/cryptarithm_io.hpp>

#include <algorithm>

#include <frontier/engine/error.hpp>
#include <frontier/engine/text.hpp>

namespace frontier {

namespace {

constexpr std::size_t kMaxWordLength = 15;
// Keeps every weight sum (at most 9 * letters * 10^14) far inside 64 bits.
constexpr std::size_t kMaxLetters = 2000;

[[noreturn]] void bad(const std::string& why) {
    throw InputError("cryptarithm: " + why);
}

}  // namespace

Cryptarithm parse_cryptarithm(std::string_view text) {
    Cryptarithm p;
    bool right = false, expect_word = true;
    int sign = 1;
    std::size_t word_start = 0;
    auto end_word = [&](std::size_t pos) {
        if (expect_word) {
            bad(pos < text.size() ? "expected a word before '" + std::string(1, text[pos]) +
                                        "' at position " + std::to_string(pos + 1)
                                  : "expected a word at the end");
        }
        expect_word = true;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        char ch = text[i];
        if (ch == ' ' || ch == '\t') continue;
        if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
        if (ch >= 'A' && ch <= 'Z') {
            if (expect_word) {
                p.terms.push_back({std::string(), sign, right});
                expect_word = false;
                word_start = i;
            } else if (text[i - 1] == ' ' || text[i - 1] == '\t') {
                bad("two words without an operator between them (position " +
                    std::to_string(i + 1) + ")");
            }
            std::string& w = p.terms.back().word;
            w += ch;
            if (w.size() > kMaxWordLength)
                bad("the word at position " + std::to_string(word_start + 1) + " is longer than " +
                    std::to_string(kMaxWordLength) + " letters");
            if (p.letters.find(ch) == std::string::npos) p.letters += ch;
        } else if (ch == '+' || ch == '-') {
            // "-A=B" used to be "expected a word before '-'", which reads as if a word were
            // missing somewhere; a sign that starts a side is simply not part of the notation.
            if (expect_word && (p.terms.empty() || p.terms.back().right != right))
                bad(std::string("'") + ch + "' at position " + std::to_string(i + 1) +
                    " starts the " + (right ? "right" : "left") +
                    " side: + and - go only between words (e.g. SEND+MORE=MONEY)");
            end_word(i);
            sign = ch == '+' ? 1 : -1;
        } else if (ch == '=') {
            end_word(i);
            if (right) bad("a second '=' at position " + std::to_string(i + 1));
            right = true;
            sign = 1;
        } else {
            bad("bad character " + quote_input(utf8_char_at(text, i), '\'') + " at position " +
                std::to_string(utf8_length(text, i) + 1) + " (expected letters, +, - and =)");
        }
    }
    end_word(text.size());
    std::size_t total = 0;
    for (const CryptarithmTerm& t : p.terms) total += t.word.size();
    if (total > kMaxLetters) bad("more than " + std::to_string(kMaxLetters) + " letters in all");
    if (!right) bad("missing '=' (expected something like SEND+MORE=MONEY)");
    if (p.letters.size() > 10)
        bad(std::to_string(p.letters.size()) + " distinct letters (" + p.letters +
            "), but there are only 10 digits");
    return p;
}

std::string format_cryptarithm(const Cryptarithm& p) {
    std::string s;
    for (std::size_t i = 0; i < p.terms.size(); ++i) {
        const CryptarithmTerm& t = p.terms[i];
        if (i > 0) s += t.right && !p.terms[i - 1].right ? '=' : t.sign < 0 ? '-' : '+';
        s += t.word;
    }
    return s;
}

std::string format_cryptarithm_solution(const Cryptarithm& p, const LetterDigits& digits) {
    std::string s = format_cryptarithm(p);
    for (char& ch : s)
        if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>('0' + digits[ch - 'A']);
    return s;
}

std::string format_letter_digits(const Cryptarithm& p, const LetterDigits& digits) {
    std::string sorted = p.letters;
    std::sort(sorted.begin(), sorted.end());
    std::string s;
    for (char ch : sorted) {
        if (!s.empty()) s += ' ';
        s += ch;
        s += '=';
        s += static_cast<char>('0' + digits[ch - 'A']);
    }
    return s;
}

}  // namespace frontier
