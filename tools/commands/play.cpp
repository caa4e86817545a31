#include "tools/commands/play.hpp"

#include <cstdio>
#include <iostream>
#include <iterator>
#include <memory>
#include <random>

#include "tools/play/terminal.hpp"

namespace frontier::cli {

bool scripted(const CLI::App& cmd) {
    return cmd.count("--script") > 0 || !play::interactive_terminal();
}

Json facts_json(const std::string& domain, const play::Session& s) {
    const play::Session::Facts f = s.facts();
    Json j;
    j["domain"] = domain;
    j["start"] = f.start;
    j["position"] = f.position;
    j["moves"] = f.moves;
    j["left"] = f.left < 0 ? Json(nullptr) : Json(f.left);
    j["start_distance"] = f.start_distance < 0 ? Json(nullptr) : Json(f.start_distance);
    j["score"] = f.score_known ? Json(f.score) : Json(nullptr);
    j["net"] = f.score_known ? Json(f.net) : Json(nullptr);
    j["solved"] = f.solved;
    j["optimal"] = f.optimal;
    return j;
}

void play_session(play::Session& s, const std::string& domain, const CLI::App& cmd,
                  const PlayOptions& o) {
    if (scripted(cmd)) {
        std::string text = o.script;
        if (cmd.count("--script") == 0)
            text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
        drop_byte_order_mark(text);
        const std::string status = play::run_script(s, text);
        if (o.json)
            print_json(facts_json(domain, s));
        else
            std::cout << status << '\n';
        return;
    }
    play::run_terminal(s);
    if (o.json)
        print_json(facts_json(domain, s));
    else
        std::cout << s.status() << '\n';
}

void add_play_options(CLI::App& cmd, PlayOptions& o) {
    cmd.add_option("--script", o.script,
                   "play these moves instead of reading keys, then print the final status line; "
                   "the notation of 'frontier solve' (for the sliding puzzle the blank's "
                   "direction: U L R D)");
    cmd.add_option("--seed", o.seed, "seed of the random positions (default: a random seed)");
    cmd.add_flag("--json", o.json, "print the final facts as one JSON object");
}

std::uint64_t resolve_seed(const CLI::App& cmd, const PlayOptions& o) {
    return cmd.count("--seed") ? o.seed : std::random_device{}();
}

}  // namespace frontier::cli
