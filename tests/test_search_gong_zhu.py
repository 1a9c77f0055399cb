"""The search in `gong-zhu` (docs/RULES.md §9: goal high, signed scores): it maximises the
seat's score, for a card and for a charge (the decision search of turbo's charges), seeded.
The solver refuses the scoring, so `pimc` searches by ISMCTS instead.
"""

from support.charges import charge_all
from support.hands import build_deal

import copas_ai as ca
from copas_ai.search import Limit, Searcher

GZ = "gong-zhu"


def test_gong_zhu_search_charges_the_jack_of_diamonds_it_will_win():
    """gong-zhu L229: N holds the J♦ under the A♦ K♦ Q♦ (it will take it: +100, charged +200);
    the seeded search charges it, its value the higher (goal high)."""
    rules = ca.find_variant(GZ).rules()
    pos = ca.Position(rules, build_deal({0: "AD KD QD JD TD 9D AC KC QC AS KS 2H 3H"}), dealer=3, hand_no=1)
    assert pos.decision == (0, "charge")
    result = Searcher(seed=1, algorithm="ismcts").search(pos, 0, Limit(iterations=3000))
    assert result.best == "0:charge=JD"
    scores = {m.move: m.score for m in result.moves}
    assert scores["0:charge=JD"] > scores["0:charge=none"]


def test_gong_zhu_search_takes_the_jack_of_diamonds_with_its_ace():
    """gong-zhu: E leads the J♦ (+100 to its taker), S and W cannot follow; N, last, holds the A♦
    and the 2♦: the seeded search (ISMCTS, and pimc in its place) plays the A♦."""
    rules = ca.find_variant(GZ + "+no-charge").rules()
    deal = build_deal({0: "AD 2D", 1: "JD"}, voids={2: "D", 3: "D"})
    pos = ca.Position(rules, deal, dealer=1, hand_no=1)
    pos.push("JD")
    for _ in range(2):  # S and W, void in diamonds, discard
        pos.push(min(pos.legal_moves(), key=int))
    assert pos.turn == 0
    for algorithm in ("ismcts", "pimc"):
        result = Searcher(seed=2, algorithm=algorithm).search(pos, 0, Limit(iterations=2000))
        assert str(result.best) == "AD", algorithm
