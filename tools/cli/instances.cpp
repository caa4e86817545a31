#include "tools/cli/instances.hpp"

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iostream>
#include <sstream>

#include "engine/error.hpp"
#include "engine/text.hpp"

namespace frontier::cli {

namespace {

std::vector<std::string> split_tabs(const std::string& line) {
    std::vector<std::string> fields;
    std::stringstream ss(line);
    for (std::string f; std::getline(ss, f, '\t');) fields.push_back(std::string(trim(f)));
    return fields;
}

int column(const std::vector<std::string>& header, std::initializer_list<const char*> names) {
    for (const char* n : names)
        for (std::size_t i = 0; i < header.size(); ++i)
            if (header[i] == n) return static_cast<int>(i);
    return -1;
}

}  // namespace

InstanceReader::InstanceReader(const std::string& path)
    : in_(&std::cin), name_(path == "-" ? "stdin" : path) {
    if (path == "-") return;
    // A directory opens as a stream that reads nothing: it would pass for an empty batch.
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw InputError(path + ": is a directory, not an instance file");
    file_.open(path);
    if (!file_) throw InputError(path + ": cannot open instance file");
    in_ = &file_;
}

bool InstanceReader::read_header(const std::string& line) {
    if (line.find('\t') == std::string::npos) return false;
    const auto fields = split_tabs(line);
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
    std::string raw;
    for (;;) {
        const LineRead got = read_bounded_line(*in_, raw);
        if (in_->bad())
            throw InputError(name_ + ": read error after line " + std::to_string(line_));
        if (got == LineRead::end) return false;
        ++line_;
        if (got == LineRead::too_long)
            throw InputError(name_ + ":" + std::to_string(line_) + ": line longer than " +
                             std::to_string(kMaxLineBytes) + " bytes (not an instance file?)");
        if (line_ == 1 && raw.starts_with("\xEF\xBB\xBF")) raw.erase(0, 3);  // a UTF-8 BOM
        const std::string line(trim(raw));
        if (line.empty() || line[0] == '#') continue;
        if (!header_checked_) {
            header_checked_ = true;
            if (read_header(line)) continue;
        }
        out = Instance{};
        out.line = line_;
        out.id = std::to_string(line_);
        if (state_col_ < 0) {
            out.state = line;
            return true;
        }
        const auto fields = split_tabs(raw);
        auto field = [&](int col) {
            return col >= 0 && col < static_cast<int>(fields.size()) ? fields[col] : "";
        };
        out.state = field(state_col_);
        if (state_col_ >= static_cast<int>(fields.size()))
            out.error = "missing column " + header_[state_col_];
        if (!field(id_col_).empty()) out.id = field(id_col_);
        out.expected = field(expected_col_);
        out.solution = field(solution_col_);
        out.cluster = field(cluster_col_);
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
