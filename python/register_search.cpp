// The search's world sampler for Python: build it from a fully known Position
// and a seat (or from explicit knowledge), count the worlds, draw them.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>

#include "../csrc/search/knowledge.h"
#include "../csrc/search/sampler.h"
#include "boxes.h"
#include "errors.h"

namespace py = pybind11;

namespace copas::py_api {

namespace {

// A sampler plus what it was built from: the position (when there is one) that
// sample_position() and sample_batch() deal into, and the rules it points to.
struct SamplerBox {
  std::shared_ptr<const RuleSet> rules;
  std::optional<Position> pos;
  WorldSampler sampler;
};

const char* status_str(WorldSampler::Status s) {
  switch (s) {
    case WorldSampler::Status::kReady: return "ready";
    case WorldSampler::Status::kNoWorld: return "no_world";
    case WorldSampler::Status::kMalformed: return "malformed";
    case WorldSampler::Status::kTooLarge: return "too_large";
  }
  return "?";
}

CardSet to_bits(const py::object& obj) {
  return py::module_::import("copas_ai._core").attr("CardSet")(obj).cast<CardSetBox>().bits;
}

int check_seat(const Knowledge& k, int seat) {
  if (seat < 0 || seat >= k.players)
    throw InvalidPositionError("no seat " + std::to_string(seat) + " in a " + std::to_string(k.players) +
                               "-player game");
  return seat;
}

const Knowledge& knowledge(const SamplerBox& b) { return b.sampler.knowledge(); }

const WorldSampler& ready_sampler(const SamplerBox& b) {
  if (!b.sampler.ready())
    throw InvalidPositionError(std::string("cannot sample (") + status_str(b.sampler.status()) +
                               "): " + b.sampler.problem());
  return b.sampler;
}

SamplerBox from_position(const PositionBox& p, int seat) {
  if (seat < 0 || seat >= p.pos.players())
    throw InvalidPositionError("no seat " + std::to_string(seat) + " in a " +
                               std::to_string(p.pos.players()) + "-player game");
  if (p.pos.two_copies()) throw InvalidPositionError(kTwinsNotSearched);
  return SamplerBox{p.rules, p.pos, WorldSampler(knowledge_of(p.pos, seat))};
}

SamplerBox from_knowledge(const RuleSet& rules, int seat, const py::object& own_hand, const py::object& played,
                          const std::vector<int>& hand_counts, const std::vector<py::object>& must_hold,
                          const std::vector<py::object>& absent, const std::vector<int>& hidden_charges,
                          const py::object& hidden_charge_cards) {
  Knowledge k;
  k.players = rules.players;
  k.me = seat;
  k.deck = rules.deck;
  k.undealt = count(rules.deck) - rules.players * rules.hand_size;
  k.own_hand = to_bits(own_hand);
  k.played = to_bits(played);
  const auto n = static_cast<std::size_t>(rules.players);
  if (hand_counts.size() != n || (!must_hold.empty() && must_hold.size() != n) ||
      (!absent.empty() && absent.size() != n) || (!hidden_charges.empty() && hidden_charges.size() != n))
    throw InvalidPositionError("hand_counts, must_hold, absent and hidden_charges need one entry per seat (" +
                               std::to_string(n) + ")");
  for (std::size_t s = 0; s < n; ++s) {
    if (hand_counts[s] < 0 || hand_counts[s] > 64) throw InvalidPositionError("bad hand count");
    k.hand_count[s] = static_cast<std::uint8_t>(hand_counts[s]);
    if (!must_hold.empty()) k.must_hold[s] = to_bits(must_hold[s]);
    if (!absent.empty()) k.absent[s] = to_bits(absent[s]);
    if (!hidden_charges.empty()) {
      if (hidden_charges[s] < 0 || hidden_charges[s] > 64) throw InvalidPositionError("bad face-down charge count");
      k.hidden_charges[s] = static_cast<std::uint8_t>(hidden_charges[s]);
    }
  }
  if (!hidden_charge_cards.is_none()) k.hidden_charge_cards = to_bits(hidden_charge_cards);
  WorldSampler sampler(k);
  if (sampler.status() == WorldSampler::Status::kMalformed)
    throw InvalidPositionError("malformed knowledge: " + sampler.problem());
  return SamplerBox{std::make_shared<const RuleSet>(rules), std::nullopt, std::move(sampler)};
}

py::object exact_int(WorldCount n) {
  py::object high = py::int_(static_cast<std::uint64_t>(n >> 64));
  py::object low = py::int_(static_cast<std::uint64_t>(n));
  return (high << py::int_(64)) | low;
}

py::list hands_list(const CardSet* hands, int players) {
  py::list out;
  for (int s = 0; s < players; ++s) out.append(CardSetBox{hands[s]});
  return out;
}

// n worlds as tuples of raw bitboards, one per seat, then (with_charged) the
// face-down charged cards each world chose.
py::list sample_worlds(const SamplerBox& b, std::size_t n, std::uint64_t seed, bool with_charged) {
  const WorldSampler& sampler = ready_sampler(b);
  const int players = sampler.knowledge().players;
  const int width = players + (with_charged ? 1 : 0);
  std::vector<CardSet> flat(n * width);
  {
    py::gil_scoped_release release;
    Rng rng(seed);
    for (std::size_t i = 0; i < n; ++i) {
      CardSet* world = flat.data() + i * width;
      sampler.sample(rng, world, with_charged ? world + players : nullptr);
    }
  }
  py::list out;
  for (std::size_t i = 0; i < n; ++i) {
    py::tuple world(width);
    for (int s = 0; s < width; ++s) world[s] = py::int_(flat[i * width + s]);
    out.append(world);
  }
  return out;
}

}  // namespace

void register_search(py::module_& m) {
  py::class_<SamplerBox>(m, "WorldSampler",
                         "Deals the cards a seat cannot see, exactly uniformly over every world "
                         "consistent with what it knows.")
      .def(py::init(&from_position), py::arg("position"), py::arg("seat"),
           "What `seat` knows in the (fully known) position: its hand, the cards it passed, "
           "the plays and every absence they revealed.")
      .def_static("from_knowledge", &from_knowledge, py::arg("rules"), py::arg("seat"), py::arg("own_hand"),
                  py::arg("played"), py::arg("hand_counts"), py::arg("must_hold") = std::vector<py::object>{},
                  py::arg("absent") = std::vector<py::object>{}, py::arg("hidden_charges") = std::vector<int>{},
                  py::arg("hidden_charge_cards") = py::none(),
                  "A sampler from explicit knowledge (one entry per seat in the lists); raises "
                  "InvalidPositionError when the fields cannot describe a hand. hidden_charges: "
                  "each seat's face-down charges (docs/RULES.md §9, A40), each one of "
                  "hidden_charge_cards.")
      .def_property_readonly("ready", [](const SamplerBox& b) { return b.sampler.ready(); })
      .def_property_readonly("status", [](const SamplerBox& b) { return status_str(b.sampler.status()); },
                             "'ready', 'no_world', 'malformed' or 'too_large'")
      .def_property_readonly("problem", [](const SamplerBox& b) { return b.sampler.problem(); })
      .def_property_readonly("case_count", [](const SamplerBox& b) { return b.sampler.case_count(); },
                             "how many cases the worlds are the union of (face-down charges, the opening "
                             "card, a kitty take, domino's histories); 0 for one plain table, as when "
                             "domino reads only the current voids")
      .def("world_count", [](const SamplerBox& b) { return b.sampler.world_count(); },
           "number of consistent worlds (0.0 when there is none)")
      .def("exact_world_count", [](const SamplerBox& b) { return exact_int(b.sampler.exact_world_count()); })
      .def_property_readonly("seat", [](const SamplerBox& b) { return b.sampler.knowledge().me; })
      .def_property_readonly("players", [](const SamplerBox& b) { return b.sampler.knowledge().players; })
      .def_property_readonly("own_hand", [](const SamplerBox& b) { return CardSetBox{knowledge(b).own_hand}; })
      .def_property_readonly("played", [](const SamplerBox& b) { return CardSetBox{knowledge(b).played}; })
      .def_property_readonly("unseen", [](const SamplerBox& b) { return CardSetBox{knowledge(b).unseen()}; },
                             "cards whose place the seat does not know")
      .def_property_readonly("opening_holder", [](const SamplerBox& b) -> py::object {
        const int s = b.sampler.knowledge().opening_holder;
        return s < 0 ? py::none() : py::object(py::int_(s));
      }, "before the first lead with cards undealt: the seat holding the opening card (else None)")
      .def("must_hold", [](const SamplerBox& b, int s) {
        const Knowledge& k = b.sampler.knowledge();
        return CardSetBox{k.must_hold[check_seat(k, s)]};
      }, py::arg("seat"))
      .def("absent", [](const SamplerBox& b, int s) {
        const Knowledge& k = b.sampler.knowledge();
        return CardSetBox{k.absent[check_seat(k, s)]};
      }, py::arg("seat"))
      .def("hand_count", [](const SamplerBox& b, int s) {
        const Knowledge& k = b.sampler.knowledge();
        return static_cast<int>(k.hand_count[check_seat(k, s)]);
      }, py::arg("seat"))
      .def("sample", [](const SamplerBox& b, std::uint64_t seed) {
        const WorldSampler& sampler = ready_sampler(b);
        Rng rng(seed);
        CardSet hands[kMaxPlayers];
        sampler.sample(rng, hands);
        return hands_list(hands, sampler.knowledge().players);
      }, py::arg("seed"), "one world: every seat's current hand (a list of CardSet)")
      .def("sample_many", [](const SamplerBox& b, std::size_t n, std::uint64_t seed) {
        return sample_worlds(b, n, seed, false);
      }, py::arg("n"), py::arg("seed"), "n worlds as tuples of raw bitboards (int per seat), for tests")
      .def("sample_many_with_charges", [](const SamplerBox& b, std::size_t n, std::uint64_t seed) {
        return sample_worlds(b, n, seed, true);
      }, py::arg("n"), py::arg("seed"),
           "n worlds as tuples of raw bitboards: one per seat, then the face-down charged cards the "
           "world chose (docs/RULES.md §9, A40), for tests")
      .def("sample_position", [](const SamplerBox& b, std::uint64_t seed) {
        const WorldSampler& sampler = ready_sampler(b);
        if (!b.pos) throw InvalidPositionError("this sampler was not built from a position");
        PositionBox out{b.rules, *b.pos};
        Rng rng(seed);
        sampler.sample(rng, out.pos);
        return out;
      }, py::arg("seed"), "a copy of the position with the other seats' hands replaced by a sampled world")
      .def("sample_batch", [](const SamplerBox& b, std::uint64_t n, std::uint64_t seed) {
        const WorldSampler& sampler = ready_sampler(b);
        if (!b.pos) throw InvalidPositionError("this sampler was not built from a position");
        py::gil_scoped_release release;
        Position world = *b.pos;
        Rng rng(seed);
        CardSet checksum = 0;
        for (std::uint64_t i = 0; i < n; ++i) {
          sampler.sample(rng, world);
          checksum = checksum * 0x9E3779B97F4A7C15ULL + world.hand((knowledge(b).me + 1) % world.players());
        }
        return checksum;
      }, py::arg("n"), py::arg("seed"),
         "n worlds dealt into one position copy in C++ (the search's path); returns a checksum. For benchmarks.");
}

}  // namespace copas::py_api
