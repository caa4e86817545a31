#include "tools/cli/instances.hpp"

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

std::vector<Instance> read_instances(const std::string& path) {
    std::ifstream file;
    if (path != "-") {
        file.open(path);
        if (!file) throw InputError(path + ": cannot open instance file");
    }
    std::istream& in = path == "-" ? std::cin : file;
    std::vector<Instance> out;
    std::vector<std::string> header;
    int state_col = -1, id_col = -1, expected_col = -1, solution_col = -1;
    int n = 0;
    for (std::string raw; std::getline(in, raw);) {
        ++n;
        const std::string line(trim(raw));
        if (line.empty() || line[0] == '#') continue;
        if (out.empty() && header.empty() && line.find('\t') != std::string::npos) {
            const auto fields = split_tabs(line);
            const int c =
                column(fields, {"tiles", "state", "board", "board36", "puzzle", "puzzle81"});
            if (c >= 0) {
                header = fields;
                state_col = c;
                id_col = column(fields, {"id"});
                expected_col = column(fields, {"optimal_length", "optimal_moves", "length"});
                solution_col = column(fields, {"solution", "solution81"});
                continue;
            }
        }
        Instance inst;
        inst.line = n;
        inst.id = std::to_string(n);
        if (state_col >= 0) {
            const auto fields = split_tabs(raw);
            if (state_col >= static_cast<int>(fields.size()))
                throw InputError(path + ":" + std::to_string(n) + ": missing column " +
                                 header[state_col]);
            inst.state = fields[state_col];
            if (id_col >= 0 && id_col < static_cast<int>(fields.size())) inst.id = fields[id_col];
            if (expected_col >= 0 && expected_col < static_cast<int>(fields.size()))
                inst.expected = fields[expected_col];
            if (solution_col >= 0 && solution_col < static_cast<int>(fields.size()))
                inst.solution = fields[solution_col];
        } else {
            inst.state = line;
        }
        out.push_back(inst);
    }
    return out;
}

}  // namespace frontier::cli
