#include "cards.h"

namespace copas {

namespace {

constexpr char kFaceChars[] = "23456789TJQKA";
constexpr char kSuitChars[] = "CDHS";

int face_from_char(char c) {
  if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  for (int f = 0; f < kNumFaces; ++f)
    if (kFaceChars[f] == c) return f;
  return -1;
}

// Accepts one ASCII letter or one UTF-8 suit symbol (black or white forms).
int suit_from_text(std::string_view t) {
  if (t.size() == 1) {
    char c = t[0];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    for (int s = 0; s < kNumSuits; ++s)
      if (kSuitChars[s] == c) return s;
    return -1;
  }
  static constexpr std::string_view kSymbols[kNumSuits][2] = {
      {"\u2663", "\u2667"}, {"\u2666", "\u2662"}, {"\u2665", "\u2661"}, {"\u2660", "\u2664"}};
  for (int s = 0; s < kNumSuits; ++s)
    for (auto sym : kSymbols[s])
      if (t == sym) return s;
  return -1;
}

}  // namespace

bool parse_card(std::string_view text, Card& out) {
  int face;
  std::string_view rest;
  if (text.size() >= 2 && text[0] == '1' && text[1] == '0') {
    face = kTen;
    rest = text.substr(2);
  } else if (!text.empty()) {
    face = face_from_char(text[0]);
    rest = text.substr(1);
  } else {
    return false;
  }
  int suit = suit_from_text(rest);
  if (face < 0 || suit < 0) return false;
  out = Card(static_cast<Suit>(suit), face);
  return true;
}

std::string card_str(Card c) {
  return std::string{kFaceChars[c.face()], kSuitChars[c.suit()]};
}

bool parse_card_list(std::string_view text, CardSet& out, std::string& error) {
  out = 0;
  if (text == "-") return true;
  if (text.empty()) {
    error = "empty card list (use - for none)";
    return false;
  }
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    std::string_view token =
        text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    Card c;
    if (!parse_card(token, c)) {
      error = "bad card '" + std::string(token) + "'";
      return false;
    }
    if (contains(out, c)) {
      error = "card " + card_str(c) + " listed twice";
      return false;
    }
    out |= c.bit();
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return true;
}

std::string cardset_str(CardSet s) {
  if (s == 0) return "-";
  std::string r;
  while (s) {
    if (!r.empty()) r += ',';
    r += card_str(pop_lowest(s));
  }
  return r;
}

}  // namespace copas
