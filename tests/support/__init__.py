"""The tests' shared builders, doubles and independent oracles, one concept a module:

- hands.py: explicit deals and plays for the rule tests of american / copas-fora / teams;
- family_deals.py: the same for the family variants (black-maria, spot, spanish, ...);
- records.py: copas-game/1 records for the analysis tests;
- cep/: the CEP/1 engine process driver (process.py), the search doubles (fakes.py),
  the positions the protocol tests share (positions.py);
- engines/: scripts run as engine processes (`python <path>`), not imported;
- independent_scorer.py, independent_scorer_families.py: hand and match scores
  written from the rules text, not from the RuleSet;
- solver_oracle.py: the brute-force paranoid minimax the solver is checked against;
- endgames.py: the fully known endgames it is checked on;
- sampler_oracle.py: the enumerated worlds the world sampler is checked against.
"""
