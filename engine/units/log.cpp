#include <frontier/engine/units/log.hpp>

#include <frontier/engine/io/checkpoint_rule.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <optional>
#include <span>

#include <frontier/engine/error.hpp>
#include <frontier/engine/io/checksum.hpp>
#include <frontier/engine/io/regular_file.hpp>
#include <frontier/engine/text.hpp>

namespace frontier {

namespace {

constexpr std::string_view kMagic = "FRONTIER-UNITLOG 1 ";

[[noreturn]] void fail(const std::string& path, const std::string& why) {
    throw InputError(path + ": " + why);
}

std::uint64_t payload_checksum(std::string_view payload) {
    return checksum64({reinterpret_cast<const std::uint8_t*>(payload.data()), payload.size()});
}

std::string hex64(std::uint64_t v) {
    char buf[17];
    auto [p, ec] = std::to_chars(buf, buf + 16, v, 16);
    return std::string(buf, p);
}

void write_all(int fd, std::string_view bytes, const std::string& path) {
    while (!bytes.empty()) {
        const ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0)  // a full disk: a lack of a resource (exit status 3), not bad input
            throw InputError(path + ": cannot write checkpoint: " + std::strerror(errno), 3);
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
}

// Parses "<name> <numbers...>" fields of a record line; false when it does not fit.
bool parse_fields(std::string_view line, std::string_view name, std::uint64_t* out, int count,
                  int last_base) {
    if (line.substr(0, name.size()) != name) return false;
    line.remove_prefix(name.size());
    for (int i = 0; i < count; ++i) {
        if (line.empty() || line.front() != ' ') return false;
        line.remove_prefix(1);
        const int base = i == count - 1 ? last_base : 10;
        auto [p, ec] = std::from_chars(line.data(), line.data() + line.size(), out[i], base);
        if (ec != std::errc() || p == line.data()) return false;
        line.remove_prefix(static_cast<std::size_t>(p - line.data()));
    }
    return line.empty();
}

}  // namespace

UnitLog::UnitLog(std::string path, const std::string& description, bool resume)
    : path_(std::move(path)) {
    if (description.find('\n') != std::string::npos)
        throw std::logic_error("UnitLog description has a line break");
    const int flags = O_RDWR | O_CREAT | (resume ? 0 : O_EXCL);
    if (!resume && ::access(path_.c_str(), F_OK) == 0) refuse_earlier_checkpoint(path_);
    RegularFile file = RegularFile::open(path_, flags, "checkpoint");
    // One writer per checkpoint: a second run resuming it at the same time would interleave
    // records and corrupt it. The lock goes with the descriptor (at exit, even on a crash).
    if (::flock(file.fd(), LOCK_EX | LOCK_NB) != 0)
        fail(path_, "another run is using this checkpoint; wait for it to end or stop it");
    fd_ = file.fd();
    read_back(file.read_all(), description);
    file.release();
}

UnitLog::~UnitLog() {
    if (fd_ < 0) return;
    ::fdatasync(fd_);
    ::close(fd_);
}

namespace {

// The whole records of a checkpoint's text, and the offset after the last of them (where a torn
// record, if any, begins). InputErrors for a text that is no checkpoint of this computation, a
// unit recorded twice, or damage followed by whole records (not a write cut short by a stop).
struct ParsedLog {
    std::vector<std::pair<std::uint64_t, std::string>> records;
    std::size_t whole_end = 0;
};

// `importing`: the text is another run's checkpoint, read only: the advice differs.
ParsedLog parse_log(const std::string& text, const std::string& path,
                    const std::string& description, bool importing) {
    const std::string give_up =
        importing ? "; it cannot be imported into this run" : "; delete it to start over";
    const std::string header = std::string(kMagic) + description + "\n";
    const std::size_t header_end = text.find('\n');
    if (text.compare(0, kMagic.size(), kMagic) != 0 || header_end == std::string::npos)
        fail(path, "not a Frontier checkpoint (it does not start with \"" +
                       std::string(kMagic.substr(0, kMagic.size() - 1)) + "\")" +
                       (importing ? give_up : "; give another path, or delete it"));
    if (text.compare(0, header_end + 1, header) != 0)
        fail(path, "the checkpoint was written by a different computation (" +
                       quote_input(std::string_view(text).substr(kMagic.size(),
                                                                 header_end - kMagic.size())) +
                       "), not this one (" + quote_input(description) + ")" +
                       (importing ? give_up
                                  : "; resume it with the options it was started with, or "
                                    "delete it"));
    // The whole record at `at`: (unit, payload, the offset after it), or nothing.
    struct Record {
        std::uint64_t unit;
        std::string_view payload;
        std::size_t next;
    };
    const std::string_view all(text);
    auto record_at = [&](std::size_t at) -> std::optional<Record> {
        const std::size_t line_end = all.find('\n', at);
        std::uint64_t head[3];
        if (line_end == std::string_view::npos ||
            !parse_fields(all.substr(at, line_end - at), "unit", head, 3, 16))
            return std::nullopt;
        const std::size_t payload_at = line_end + 1;
        if (head[1] > all.size() - payload_at) return std::nullopt;
        const std::string_view payload = all.substr(payload_at, head[1]);
        const std::size_t end_at = payload_at + head[1];
        const std::size_t end_line = all.find('\n', end_at);
        std::uint64_t end_unit = 0;
        if (end_line == std::string_view::npos ||
            !parse_fields(all.substr(end_at, end_line - end_at), "end", &end_unit, 1, 10) ||
            end_unit != head[0] || payload_checksum(payload) != head[2])
            return std::nullopt;
        return Record{head[0], payload, end_line + 1};
    };
    ParsedLog log;
    std::unordered_set<std::uint64_t> seen;
    std::size_t at = header_end + 1;  // the end of the last whole record
    while (at < text.size()) {
        const std::optional<Record> r = record_at(at);
        if (!r) break;
        if (!seen.insert(r->unit).second)
            fail(path, "damaged checkpoint: unit " + std::to_string(r->unit) +
                           " is recorded twice" + give_up);
        log.records.emplace_back(r->unit, std::string(r->payload));
        at = r->next;
    }
    // Only the last record may be torn: a whole record after the damage means corruption.
    if (at < text.size())
        for (std::size_t p = all.find("\nunit ", at); p != std::string_view::npos;
             p = all.find("\nunit ", p + 1))
            if (record_at(p + 1))
                fail(path, "damaged checkpoint: the record at byte " + std::to_string(at) +
                               " is bad but whole records follow it (not a write cut short "
                               "by a stop)" +
                               give_up);
    log.whole_end = at;
    return log;
}

}  // namespace

void UnitLog::read_back(const std::string& text, const std::string& description) {
    if (text.empty()) {
        const std::string header = std::string(kMagic) + description + "\n";
        write_all(fd_, header, path_);
        if (::fdatasync(fd_) != 0)
            fail(path_, std::string("cannot sync checkpoint: ") + std::strerror(errno));
        return;
    }
    ParsedLog log = parse_log(text, path_, description, false);
    for (const auto& record : log.records) done_.insert(record.first);
    recovered_ = std::move(log.records);
    const std::size_t at = log.whole_end;
    if (at < text.size() && ::ftruncate(fd_, static_cast<off_t>(at)) != 0)
        fail(path_, std::string("cannot truncate checkpoint: ") + std::strerror(errno));
    if (::lseek(fd_, static_cast<off_t>(at), SEEK_SET) < 0)
        fail(path_, std::string("cannot seek in checkpoint: ") + std::strerror(errno));
}

std::vector<std::pair<std::uint64_t, std::string>> UnitLog::read_records(
    const std::string& path, const std::string& description) {
    const std::string text = RegularFile::open(path, O_RDONLY, "checkpoint").read_all();
    return parse_log(text, path, description, true).records;
}

void UnitLog::append(std::uint64_t unit, std::string_view payload) {
    std::string record = "unit " + std::to_string(unit) + " " + std::to_string(payload.size()) +
                         " " + hex64(payload_checksum(payload)) + "\n";
    record.append(payload);
    record += "end " + std::to_string(unit) + "\n";
    std::lock_guard lock(mutex_);
    if (!done_.insert(unit).second)
        throw std::logic_error("UnitLog: unit " + std::to_string(unit) + " appended twice");
    write_all(fd_, record, path_);
    const auto now = std::chrono::steady_clock::now();
    if (now - last_sync_ < std::chrono::seconds(1)) return;
    last_sync_ = now;
    if (::fdatasync(fd_) != 0)
        fail(path_, std::string("cannot sync checkpoint: ") + std::strerror(errno));
}

void UnitLog::remove() {
    std::lock_guard lock(mutex_);
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    ::unlink(path_.c_str());
}

}  // namespace frontier
