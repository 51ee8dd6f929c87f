from bohn_tui.play.simulate import simulate


def test_random_games_of_every_count_end_without_violations() -> None:
    for game, counts in (("bohnanza", range(2, 8)), ("dahlias", range(3, 6))):
        for n in counts:
            result = simulate(game, n, 5, seed=n)
            assert result["violations"] == 0, result["problems"]
            assert sum(result["wins"]) == 5
