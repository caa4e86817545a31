// Cryptarithms (alphametics): SEND + MORE = MONEY, each letter a distinct digit.
//
// A puzzle is a sum of words equal to a sum of words (terms may also be subtracted). Every
// letter gets a weight, the sum of +-10^position over its occurrences (left side positive), so a
// solution is an assignment of distinct digits with sum(weight * digit) = 0. The search assigns
// the letters in order of increasing power of ten in their weight (units column first) and prunes
// with two tests: the partial sum must already be 0 modulo 10^k when every letter still free has
// a weight divisible by 10^k (the column arithmetic with its carries), and it must stay within
// the range the free letters can still add (each between 0 and 9 times its weight). The first
// letter of a word of two or more letters is not 0 unless allow_leading_zero is set.
//
// Limits: at most 10 distinct letters (there are 10 digits), words of at most 15 letters, 2000
// letters in all (so the weighted sums fit in 64 bits; the parser enforces both). At
// most 10! = 3,628,800 assignments exist, so even counting every solution takes milliseconds.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace frontier {

struct CryptarithmTerm {
    std::string word;  // upper-case letters
    int sign = 1;      // +1 or -1 as written (on the right of '=', the sign as written there)
    bool right = false;
};

struct Cryptarithm {
    std::vector<CryptarithmTerm> terms;
    std::string letters;  // the distinct letters in order of first appearance
};

struct CryptarithmOptions {
    bool allow_leading_zero = false;
    std::uint64_t max_solutions = 1;  // stop after this many; 0: find them all
    std::size_t keep = 1000;          // solutions kept (the count goes on past it)
};

// digit[letter - 'A'] for the puzzle's letters, -1 for letters it does not use.
using LetterDigits = std::array<std::int8_t, 26>;

struct CryptarithmResult {
    std::uint64_t count = 0;              // solutions found (exact when exhausted)
    std::vector<LetterDigits> solutions;  // the first `keep`, in search order
    bool exhausted = false;               // the whole space was searched
    std::uint64_t nodes = 0;              // letter assignments tried
};

CryptarithmResult solve_cryptarithm(const Cryptarithm& puzzle, const CryptarithmOptions& options);

// True iff `digits` gives every letter of the puzzle a distinct digit, respects the leading-zero
// rule and makes the equation hold.
bool is_cryptarithm_solution(const Cryptarithm& puzzle, const LetterDigits& digits,
                             bool allow_leading_zero);

}  // namespace frontier
