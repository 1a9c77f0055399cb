"""Positions the protocol tests share (american, deal seed 7: seat 2 holds the 2C)."""

HANDS = [
    "4C,JC,AC,3D,7D,TD,QD,2H,KH,2S,4S,KS,AS",
    "3C,5C,9C,KC,5D,6D,8D,AD,8H,9H,AH,8S,TS",
    "2C,7C,QC,JD,KD,5H,6H,TH,JH,3S,5S,JS,QS",
    "6C,8C,TC,2D,4D,9D,3H,4H,7H,QH,6S,7S,9S",
]
ALL_HANDS = " ".join(f"hand {s} {h}" for s, h in enumerate(HANDS))
# Hand number 3 has no pass in american and copas-fora; hand 0 passes left.
NO_PASS = f"position variant american handno 3 {ALL_HANDS}"
PASS_LEFT = f"position variant american {ALL_HANDS}"
PASSES = "passed 0 4C,JC,AC passed 1 3C,5C,9C passed 2 7C,QC,JD passed 3 6C,8C,TC"
EXAMPLE_HAND = "2C,5C,9C,KC,3D,8D,QD,4S,9S,QS,2H,7H,AH"  # docs/PROTOCOL.md's example session
