#include <frontier/domains/cryptarithm/cryptarithm.hpp>

#include <algorithm>
#include <numeric>

namespace frontier {

namespace {

struct Letter {
    char name = 0;
    std::int64_t weight = 0;
    int lowest_power = 99;  // 10-adic valuation of the weight (99: weight 0)
    bool nonzero = false;   // leads a word of two or more letters
};

std::vector<Letter> letters_of(const Cryptarithm& p, bool allow_leading_zero) {
    std::vector<Letter> letters(p.letters.size());
    for (std::size_t i = 0; i < letters.size(); ++i) letters[i].name = p.letters[i];
    auto find = [&](char ch) -> Letter& { return letters[p.letters.find(ch)]; };
    for (const CryptarithmTerm& t : p.terms) {
        std::int64_t power = 1;
        const std::int64_t sign = (t.right ? -1 : 1) * t.sign;
        for (auto it = t.word.rbegin(); it != t.word.rend(); ++it, power *= 10)
            find(*it).weight += sign * power;
        if (t.word.size() >= 2 && !allow_leading_zero) find(t.word.front()).nonzero = true;
    }
    for (Letter& l : letters) {
        if (l.weight == 0) continue;
        int k = 0;
        for (std::int64_t w = l.weight; w % 10 == 0; w /= 10) ++k;
        l.lowest_power = k;
    }
    std::stable_sort(letters.begin(), letters.end(), [](const Letter& a, const Letter& b) {
        return a.lowest_power < b.lowest_power;
    });
    return letters;
}

class Search {
  public:
    Search(std::vector<Letter> letters, const CryptarithmOptions& o, CryptarithmResult& r)
        : letters_(std::move(letters)), options_(o), result_(r) {
        const std::size_t n = letters_.size();
        modulus_.assign(n, 1);
        max_rest_.assign(n + 1, 0);
        min_rest_.assign(n + 1, 0);
        for (std::size_t i = n; i-- > 0;) {
            const std::int64_t w = letters_[i].weight;
            max_rest_[i] = max_rest_[i + 1] + std::max<std::int64_t>(9 * w, 0);
            min_rest_[i] = min_rest_[i + 1] + std::min<std::int64_t>(9 * w, 0);
        }
        // After letter i is set, the free letters' weights are all multiples of 10^k.
        for (std::size_t i = 0; i < n; ++i) {
            const int k = i + 1 < n ? letters_[i + 1].lowest_power : 18;
            std::int64_t m = 1;
            for (int j = 0; j < std::min(k, 18); ++j) m *= 10;
            modulus_[i] = m;
        }
        digits_.fill(-1);
    }

    void run() {
        if (letters_.empty()) {
            record();  // no letters: the equation 0 = 0 holds once
        } else {
            assign(0, 0, 0);
        }
        result_.exhausted = !stopped_;
    }

  private:
    void assign(std::size_t i, std::int64_t partial, unsigned used) {
        const Letter& l = letters_[i];
        for (int d = l.nonzero ? 1 : 0; d <= 9; ++d) {
            if (used & (1u << d)) continue;
            ++result_.nodes;
            const std::int64_t sum = partial + l.weight * d;
            if (sum % modulus_[i] != 0) continue;
            if (sum + max_rest_[i + 1] < 0 || sum + min_rest_[i + 1] > 0) continue;
            digits_[l.name - 'A'] = static_cast<std::int8_t>(d);
            if (i + 1 == letters_.size()) {
                if (sum == 0) record();
            } else {
                assign(i + 1, sum, used | (1u << d));
            }
            digits_[l.name - 'A'] = -1;
            if (stopped_) return;
        }
    }

    void record() {
        ++result_.count;
        if (result_.solutions.size() < options_.keep) result_.solutions.push_back(digits_);
        if (options_.max_solutions != 0 && result_.count >= options_.max_solutions) stopped_ = true;
    }

    std::vector<Letter> letters_;
    const CryptarithmOptions& options_;
    CryptarithmResult& result_;
    std::vector<std::int64_t> modulus_, max_rest_, min_rest_;
    LetterDigits digits_;
    bool stopped_ = false;
};

}  // namespace

CryptarithmResult solve_cryptarithm(const Cryptarithm& puzzle, const CryptarithmOptions& options) {
    CryptarithmResult r;
    if (puzzle.letters.size() > 10) {
        r.exhausted = true;  // more letters than digits: no assignment exists
        return r;
    }
    Search(letters_of(puzzle, options.allow_leading_zero), options, r).run();
    return r;
}

bool is_cryptarithm_solution(const Cryptarithm& puzzle, const LetterDigits& digits,
                             bool allow_leading_zero) {
    unsigned used = 0;
    for (char ch : puzzle.letters) {
        const int d = digits[ch - 'A'];
        if (d < 0 || d > 9 || (used & (1u << d))) return false;
        used |= 1u << d;
    }
    __int128 left = 0, right = 0;
    for (const CryptarithmTerm& t : puzzle.terms) {
        if (t.word.size() >= 2 && !allow_leading_zero && digits[t.word.front() - 'A'] == 0)
            return false;
        __int128 value = 0;
        for (char ch : t.word) value = value * 10 + digits[ch - 'A'];
        (t.right ? right : left) += t.sign * value;
    }
    return left == right;
}

}  // namespace frontier
