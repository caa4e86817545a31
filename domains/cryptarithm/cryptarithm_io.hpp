// Text form of cryptarithms.
//
// Syntax: WORD (+|- WORD)* = WORD (+|- WORD)*, e.g. "SEND+MORE=MONEY" or "FORTY + TEN + TEN =
// SIXTY". Letters A-Z (lower case is read as upper case); spaces are ignored. Errors are
// InputErrors naming the problem and, for a bad character, its 1-based position; more than 10
// distinct letters, words longer than 15 letters and a missing or second '=' are rejected.
#pragma once

#include <string>
#include <string_view>

#include <frontier/domains/cryptarithm/cryptarithm.hpp>

namespace frontier {

Cryptarithm parse_cryptarithm(std::string_view text);
// The puzzle written back canonically: "SEND+MORE=MONEY".
std::string format_cryptarithm(const Cryptarithm& puzzle);
// The puzzle with its letters replaced by digits: "9567+1085=10652".
std::string format_cryptarithm_solution(const Cryptarithm& puzzle, const LetterDigits& digits);
// The assignment in alphabetical order: "D=7 E=5 M=1 N=6 O=0 R=8 S=9 Y=2".
std::string format_letter_digits(const Cryptarithm& puzzle, const LetterDigits& digits);

}  // namespace frontier
