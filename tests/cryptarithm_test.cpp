// Cryptarithms: SEND+MORE=MONEY has the one published answer, and solution counts agree with a
// brute force over every injective letter-to-digit assignment, with and without leading zeros.
#include <gtest/gtest.h>

#include <frontier/domains/cryptarithm/cryptarithm.hpp>
#include <frontier/domains/cryptarithm/cryptarithm_io.hpp>
#include <frontier/engine/error.hpp>

namespace frontier {
namespace {

CryptarithmResult count_all(const std::string& text, bool leading_zero = false) {
    CryptarithmOptions o;
    o.allow_leading_zero = leading_zero;
    o.max_solutions = 0;
    return solve_cryptarithm(parse_cryptarithm(text), o);
}

// Every injective assignment of digits to the letters, checked with is_cryptarithm_solution.
std::uint64_t brute_force(const Cryptarithm& p, bool leading_zero) {
    const int k = static_cast<int>(p.letters.size());
    LetterDigits d;
    d.fill(-1);
    std::uint64_t count = 0;
    auto rec = [&](auto&& self, int i, unsigned used) -> void {
        if (i == k) {
            count += is_cryptarithm_solution(p, d, leading_zero);
            return;
        }
        for (int digit = 0; digit <= 9; ++digit) {
            if (used & (1u << digit)) continue;
            d[p.letters[i] - 'A'] = static_cast<std::int8_t>(digit);
            self(self, i + 1, used | (1u << digit));
        }
        d[p.letters[i] - 'A'] = -1;
    };
    rec(rec, 0, 0);
    return count;
}

TEST(Cryptarithm, SendMoreMoneyHasTheUniqueAnswer) {
    const Cryptarithm p = parse_cryptarithm("SEND+MORE=MONEY");
    const CryptarithmResult r = count_all("SEND+MORE=MONEY");
    EXPECT_EQ(r.count, 1u);
    EXPECT_TRUE(r.exhausted);
    ASSERT_EQ(r.solutions.size(), 1u);
    EXPECT_EQ(format_cryptarithm_solution(p, r.solutions[0]), "9567+1085=10652");
    EXPECT_EQ(format_letter_digits(p, r.solutions[0]), "D=7 E=5 M=1 N=6 O=0 R=8 S=9 Y=2");
    EXPECT_TRUE(is_cryptarithm_solution(p, r.solutions[0], false));
    // Stopping at the first solution finds the same one.
    const CryptarithmResult first = solve_cryptarithm(p, CryptarithmOptions{});
    ASSERT_EQ(first.count, 1u);
    EXPECT_EQ(first.solutions[0], r.solutions[0]);
}

TEST(Cryptarithm, CountsAgreeWithBruteForce) {
    for (const char* text :
         {"SEND+MORE=MONEY", "TWO+TWO=FOUR", "A+B=C", "AB+BA=CC", "FORTY+TEN+TEN=SIXTY",
          "SEND+MORE-MONEY=A", "ODD+ODD=EVEN", "I+BB=ILL", "AA+BB=CC", "ABC-CBA=DEF"}) {
        const Cryptarithm p = parse_cryptarithm(text);
        for (bool leading_zero : {false, true}) {
            const CryptarithmResult r = count_all(text, leading_zero);
            EXPECT_EQ(r.count, brute_force(p, leading_zero)) << text << " " << leading_zero;
            EXPECT_TRUE(r.exhausted);
            for (const LetterDigits& d : r.solutions)
                EXPECT_TRUE(is_cryptarithm_solution(p, d, leading_zero)) << text;
        }
    }
}

TEST(Cryptarithm, LeadingZeroRule) {
    // With a leading zero allowed, SEND+MORE=MONEY gains solutions with M = 0.
    const CryptarithmResult strict = count_all("SEND+MORE=MONEY", false);
    const CryptarithmResult loose = count_all("SEND+MORE=MONEY", true);
    EXPECT_GT(loose.count, strict.count);
    const Cryptarithm p = parse_cryptarithm("SEND+MORE=MONEY");
    bool has_zero_lead = false;
    for (const LetterDigits& d : loose.solutions) has_zero_lead |= d['M' - 'A'] == 0;
    EXPECT_TRUE(has_zero_lead);
    EXPECT_EQ(brute_force(p, true), loose.count);
}

TEST(Cryptarithm, ParsingNormalises) {
    const Cryptarithm p = parse_cryptarithm(" send + more = money ");
    EXPECT_EQ(format_cryptarithm(p), "SEND+MORE=MONEY");
    EXPECT_EQ(p.letters, "SENDMORY");
    EXPECT_EQ(format_cryptarithm(parse_cryptarithm("ABC-CBA=DEF")), "ABC-CBA=DEF");
    EXPECT_EQ(format_cryptarithm(parse_cryptarithm("A=B+C")), "A=B+C");
}

void expect_error(const std::string& text, const std::string& fragment) {
    try {
        parse_cryptarithm(text);
        ADD_FAILURE() << "no error for " << text;
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
    }
}

TEST(Cryptarithm, MalformedInputIsAnError) {
    expect_error("SEND*MORE=MONEY", "bad character '*' at position 5");
    expect_error("SEND+MORE", "missing '='");
    expect_error("SEND+MORE=MONEY=CASH", "a second '=' at position 16");
    expect_error("SEND++MORE=MONEY", "expected a word before '+' at position 6");
    expect_error("SEND+MORE=", "expected a word at the end");
    // A sign that starts a side is named as such (issue 22, defect 24), not as a missing word.
    expect_error("-A=B", "'-' at position 1 starts the left side: + and - go only between words");
    expect_error("A=+B", "'+' at position 3 starts the right side");
    expect_error("SEND MORE=MONEY", "two words without an operator");
    expect_error("ABCDE+FGHIJ=KABCD", "11 distinct letters");
    expect_error("ABCDEFGHIJABCDEF=A", "longer than 15 letters");
}

}  // namespace
}  // namespace frontier
