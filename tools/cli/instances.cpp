#include "tools/cli/instances.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <initializer_list>

#include <frontier/engine/error.hpp>
#include <frontier/engine/text.hpp>

namespace frontier::cli {

namespace {

// The tab-separated fields of `line`, trimmed, into `fields` (views into `line`).
void split_tabs(std::string_view line, std::vector<std::string_view>& fields) {
    fields.clear();
    if (line.empty()) return;  // as std::getline: no field at all
    for (std::size_t start = 0;;) {
        const std::size_t tab = line.find('\t', start);
        fields.push_back(trim(line.substr(start, tab - start)));
        if (tab == std::string_view::npos || tab + 1 == line.size()) return;
        start = tab + 1;
    }
}

int column(const std::vector<std::string>& header, std::initializer_list<const char*> names) {
    for (const char* n : names)
        for (std::size_t i = 0; i < header.size(); ++i)
            if (header[i] == n) return static_cast<int>(i);
    return -1;
}

constexpr std::size_t kBlock = std::size_t{1} << 16;

}  // namespace

InstanceReader::InstanceReader(const std::string& path) : name_(path == "-" ? "stdin" : path) {
    if (path != "-") {
        // A directory opens as a stream that reads nothing: it would pass for an empty batch.
        std::error_code ec;
        if (std::filesystem::is_directory(path, ec))
            throw InputError(path + ": is a directory, not an instance file");
        fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd_ < 0) throw InputError(path + ": cannot open instance file");
        owns_fd_ = true;
    }
    capacity_ = kBlock;
    buffer_ = std::make_unique<char[]>(capacity_);
}

InstanceReader::~InstanceReader() {
    if (owns_fd_) ::close(fd_);
}

// The next line, without its '\n', as a view into the buffer (valid until the next call).
// too_long when more than kMaxLineBytes bytes come before the '\n'; end at the end of the input
// with nothing read. The buffer grows only for a line longer than a block.
InstanceReader::Got InstanceReader::read_line(std::string_view& line) {
    for (;;) {
        const char* start = buffer_.get() + begin_;
        const std::size_t held = end_ - begin_;
        if (const void* nl = std::memchr(start + scanned_, '\n', held - scanned_)) {
            const auto length = static_cast<std::size_t>(static_cast<const char*>(nl) - start);
            line = std::string_view(start, length);
            begin_ += length + 1;
            scanned_ = 0;
            return length > kMaxLineBytes ? Got::too_long : Got::line;
        }
        scanned_ = held;
        if (held > kMaxLineBytes) return Got::too_long;
        if (eof_) {
            if (held == 0) return Got::end;
            line = std::string_view(start, held);
            begin_ = end_;
            scanned_ = 0;
            return Got::line;
        }
        if (begin_ > 0) {  // the unfinished line to the front, then read after it
            std::memmove(buffer_.get(), start, held);
            begin_ = 0, end_ = held;
        }
        if (end_ + kBlock / 2 > capacity_) {
            auto bigger = std::make_unique<char[]>(2 * capacity_);
            std::memcpy(bigger.get(), buffer_.get(), end_);
            buffer_ = std::move(bigger);
            capacity_ *= 2;
        }
        const ssize_t n = ::read(fd_, buffer_.get() + end_, capacity_ - end_);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0)
            throw InputError(name_ + ": read error after line " + std::to_string(line_) + " (" +
                             std::strerror(errno) + ")");
        if (n == 0) eof_ = true;
        end_ += static_cast<std::size_t>(n > 0 ? n : 0);
    }
}

bool InstanceReader::read_header(std::string_view line) {
    if (line.find('\t') == std::string_view::npos) return false;
    split_tabs(line, fields_);
    const std::vector<std::string> fields(fields_.begin(), fields_.end());
    const int c = column(fields, {"tiles", "state", "board", "board36", "puzzle", "puzzle81"});
    if (c < 0) return false;
    header_ = fields;
    state_col_ = c;
    id_col_ = column(fields, {"id"});
    expected_col_ = column(fields, {"optimal_length", "optimal_moves", "length", "moves"});
    solution_col_ = column(fields, {"solution", "solution81"});
    cluster_col_ = column(fields, {"cluster_size", "cluster"});
    return true;
}

bool InstanceReader::next(Instance& out) {
    for (;;) {
        std::string_view raw;
        const Got got = read_line(raw);
        if (got == Got::end) return false;
        ++line_;
        if (got == Got::too_long)
            throw InputError(name_ + ":" + std::to_string(line_) + ": line longer than " +
                             std::to_string(kMaxLineBytes) + " bytes (not an instance file?)");
        if (line_ == 1 && raw.starts_with("\xEF\xBB\xBF")) raw.remove_prefix(3);  // a UTF-8 BOM
        const std::string_view line = trim(raw);
        if (line.empty() || line[0] == '#') continue;
        if (!header_checked_) {
            header_checked_ = true;
            if (read_header(line)) continue;
        }
        // Assigned, not rebuilt: the strings keep their capacity from the previous instance.
        out.line = line_;
        char digits[16];
        out.id.assign(digits, std::to_chars(digits, digits + sizeof digits, line_).ptr);
        out.expected.clear();
        out.solution.clear();
        out.cluster.clear();
        out.error.clear();
        if (state_col_ < 0) {
            out.state.assign(line);
            return true;
        }
        split_tabs(raw, fields_);
        auto field = [&](int col) {
            return col >= 0 && col < static_cast<int>(fields_.size()) ? fields_[col]
                                                                      : std::string_view();
        };
        out.state.assign(field(state_col_));
        if (state_col_ >= static_cast<int>(fields_.size()))
            out.error = "missing column " + header_[state_col_];
        if (!field(id_col_).empty()) out.id.assign(field(id_col_));
        out.expected.assign(field(expected_col_));
        out.solution.assign(field(solution_col_));
        out.cluster.assign(field(cluster_col_));
        return true;
    }
}

std::vector<Instance> read_instances(const std::string& path) {
    InstanceReader reader(path);
    std::vector<Instance> out;
    for (Instance in; reader.next(in);) out.push_back(std::move(in));
    return out;
}

}  // namespace frontier::cli
