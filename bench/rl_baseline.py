"""A learning baseline in numpy alone: masked PPO on the Gymnasium env (Swordplay arena, 2 seats).

    .venv/bin/python bench/rl_baseline.py [--random-minutes 2] [--heuristic-minutes 2] [--jobs 2]
        [--eval 400] [--out rl_baseline.png] [--speed-seconds 3] [--no-speed]

Trains a small policy (observation -> 128 tanh -> masked softmax over the action index, with a value
head) against the random agent, then against the heuristic, playing half its episodes from each seat.
Prints the greedy policy's win rate against random and against the heuristic before and after, with
95 % Wilson intervals, writes the learning curve (win rate per batch of training episodes) as a PNG,
and prints env steps per second through each adapter (PettingZoo AEC, Gymnasium, OpenSpiel) against
the raw ``fork``/``advance`` loop, for every game with an encoding.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from _common import spiel_playout

import bouts
from bouts.core import CHANCE
from bouts.rl.gym import BoutsGym
from bouts.sim.stats import wilson

GAME = "swordplay"
OPTIONS: dict[str, Any] = {"mode": "arena"}
HIDDEN = 128


# -- the policy ---------------------------------------------------------------------------------------
def init_params(n_obs: int, n_act: int, rng: np.random.Generator) -> dict[str, np.ndarray]:
    return {
        "w1": rng.normal(0, 1 / np.sqrt(n_obs), (n_obs, HIDDEN)).astype(np.float32),
        "b1": np.zeros(HIDDEN, np.float32),
        "w2": rng.normal(0, 0.01, (HIDDEN, n_act)).astype(np.float32),
        "b2": np.zeros(n_act, np.float32),
        "wv": rng.normal(0, 0.01, (HIDDEN, 1)).astype(np.float32),
        "bv": np.zeros(1, np.float32),
    }


def forward(params: dict[str, np.ndarray], x: np.ndarray, mask: np.ndarray
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Hidden layer, masked action probabilities and values for a batch."""
    h = np.tanh(x @ params["w1"] + params["b1"])
    logits = h @ params["w2"] + params["b2"]
    logits = np.where(mask > 0, logits, -1e9)
    logits -= logits.max(axis=-1, keepdims=True)
    p = np.exp(logits) * (mask > 0)
    p /= p.sum(axis=-1, keepdims=True)
    v = (h @ params["wv"] + params["bv"])[..., 0]
    return h, p, v


def play_episode(params: dict[str, np.ndarray] | None, seat: int, opponent: str, seed: int, greedy: bool
                 ) -> tuple[list[np.ndarray], list[np.ndarray], list[int], float]:
    """One episode of the learning seat (``params`` None: the random policy)."""
    env = _env(seat, opponent)
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    xs, masks, actions = [], [], []
    reward, done = 0.0, False
    while not done:
        x, mask = obs["observation"], obs["action_mask"]
        legal = np.flatnonzero(mask)
        if params is None:
            a = int(rng.choice(legal))
        else:
            _, p, _ = forward(params, x[None], mask[None])
            a = int(np.argmax(p[0])) if greedy else int(rng.choice(len(p[0]), p=p[0]))
        xs.append(x)
        masks.append(mask)
        actions.append(a)
        obs, reward, terminated, truncated, _ = env.step(a)
        done = terminated or truncated
    return xs, masks, actions, float(reward)


_ENVS: dict[tuple[int, str], BoutsGym] = {}


def _env(seat: int, opponent: str) -> BoutsGym:
    key = (seat, opponent)
    if key not in _ENVS:
        _ENVS[key] = BoutsGym(GAME, seats=2, options=OPTIONS, seat=seat, opponents=opponent)
    return _ENVS[key]


def _episodes_job(job: tuple[dict[str, np.ndarray] | None, list[tuple[int, str, int, bool]]]) -> list[Any]:
    params, episodes = job
    return [play_episode(params, *episode) for episode in episodes]


def run_episodes(pool: Any, params: dict[str, np.ndarray] | None, episodes: list[tuple[int, str, int, bool]],
                 jobs: int) -> list[Any]:
    """Play ``episodes`` (seat, opponent, seed, greedy) in ``jobs`` chunks: the policy is sent once per chunk."""
    chunks = [episodes[i::jobs * 4] for i in range(jobs * 4)]
    return [r for chunk in pool.map(_episodes_job, [(params, c) for c in chunks if c]) for r in chunk]


class Adam:
    def __init__(self, params: dict[str, np.ndarray], lr: float) -> None:
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray]) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m_hat = self.m[k] / (1 - 0.9 ** self.t)
            v_hat = self.v[k] / (1 - 0.999 ** self.t)
            params[k] -= (self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)


def ppo_update(params: dict[str, np.ndarray], opt: Adam, x: np.ndarray, mask: np.ndarray, a: np.ndarray,
               ret: np.ndarray, epochs: int = 4, minibatch: int = 512, clip: float = 0.2,
               entropy: float = 0.01, value_coef: float = 0.5) -> None:
    """Clipped PPO on one batch (advantages: returns minus the value head, normalised)."""
    _, p_old, v_old = forward(params, x, mask)
    n = len(a)
    logp_old = np.log(p_old[np.arange(n), a] + 1e-12)
    adv = ret - v_old
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    rng = np.random.default_rng(opt.t)
    for _ in range(epochs):
        order = rng.permutation(n)
        for start in range(0, n, minibatch):
            idx = order[start:start + minibatch]
            xb, mb, ab, advb, rb = x[idx], mask[idx], a[idx], adv[idx], ret[idx]
            h, p, v = forward(params, xb, mb)
            m = len(idx)
            rows = np.arange(m)
            ratio = np.exp(np.log(p[rows, ab] + 1e-12) - logp_old[idx])
            active = ((advb > 0) & (ratio < 1 + clip)) | ((advb < 0) & (ratio > 1 - clip))
            dlogp = -(advb * ratio * active) / m  # d loss / d log p(a)
            onehot = np.zeros_like(p)
            onehot[rows, ab] = 1.0
            dlogits = dlogp[:, None] * (onehot - p)
            logp = np.where(mb > 0, np.log(p + 1e-12), 0.0)
            ent = -(p * logp).sum(axis=1, keepdims=True)
            dlogits += entropy * p * (logp + ent) / m  # gradient of -entropy
            dv = value_coef * (v - rb) / m
            grads = {"w2": h.T @ dlogits, "b2": dlogits.sum(0), "wv": h.T @ dv[:, None], "bv": dv.sum(keepdims=True)}
            dh = dlogits @ params["w2"].T + dv[:, None] @ params["wv"].T
            dz = dh * (1 - h * h)
            grads["w1"] = xb.T @ dz
            grads["b1"] = dz.sum(0)
            opt.step(params, {k: g.astype(np.float32) for k, g in grads.items()})


def evaluate(pool: Any, params: dict[str, np.ndarray] | None, opponent: str, games: int, seed: int,
             jobs: int) -> tuple[int, int]:
    episodes = [(g % 2, opponent, seed + g, True) for g in range(games)]
    wins = sum(1 for *_, r in run_episodes(pool, params, episodes, jobs) if r > 0)
    return wins, games


def rate(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{wins}/{games}, {100 * wins / games:.1f} % [{100 * low:.1f}-{100 * high:.1f}]"


def train(args: argparse.Namespace) -> None:
    probe = BoutsGym(GAME, seats=2, options=OPTIONS)
    n_obs = probe.observation_space["observation"].shape[0]
    n_act = probe.action_space.n
    rng = np.random.default_rng(args.seed)
    params = init_params(n_obs, n_act, rng)
    opt = Adam(params, args.lr)
    print(f"{GAME} arena, 2 seats: observation {n_obs}, action index {n_act}; policy {n_obs}-{HIDDEN}-{n_act}")
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        print("before training (greedy policy, half the games from each seat):")
        before = {opp: evaluate(pool, params, opp, args.eval, 10_000_000, args.jobs) for opp in ("random", "heuristic")}
        for opp, (w, g) in before.items():
            print(f"  vs {opp:9s}: {rate(w, g)}")
        curve: list[tuple[float, str, float]] = []
        seed, episodes, steps, started = 1, 0, 0, time.perf_counter()
        for opponent, minutes in (("random", args.random_minutes), ("heuristic", args.heuristic_minutes)):
            until = time.perf_counter() + 60 * minutes
            while time.perf_counter() < until:
                episodes_now = [(e % 2, opponent, seed + e, False) for e in range(args.batch)]
                seed += args.batch
                results = run_episodes(pool, params, episodes_now, args.jobs)
                xs, ms, acts, rets = [], [], [], []
                for x, m, a, r in results:
                    t = len(a)
                    xs += x
                    ms += m
                    acts += a
                    rets += [r * args.gamma ** (t - 1 - i) for i in range(t)]
                episodes += len(results)
                steps += len(acts)
                ppo_update(params, opt, np.asarray(xs, np.float32), np.asarray(ms, np.int8),
                           np.asarray(acts), np.asarray(rets, np.float32))
                won = float(np.mean([r > 0 for *_, r in results]))
                curve.append((episodes, opponent, won))
            print(f"  trained vs {opponent}: {episodes} episodes, {steps} learner steps so far, "
                  f"{time.perf_counter() - started:.0f} s")
        print("after training (greedy policy):")
        after = {opp: evaluate(pool, params, opp, args.eval, 20_000_000, args.jobs) for opp in ("random", "heuristic")}
        for opp, (w, g) in after.items():
            print(f"  vs {opp:9s}: {rate(w, g)}")
        heuristic_vs_random = heuristic_baseline(pool, args.eval)
        print(f"reference: the heuristic agent vs random: {rate(*heuristic_vs_random)}")
    plot(curve, before, after, args.out)


def _heuristic_job(seed: int) -> bool:
    from bouts.agents import make_agent

    game = bouts.game(GAME)
    seat = seed % 2
    agents = {seat: make_agent("heuristic", seed), 1 - seat: make_agent("random", seed + 1)}
    rng = random.Random(seed)
    state = game.fork(game.setup(2, OPTIONS, None, seed))
    while acting := game.to_act(state):
        s = acting[0]
        game.advance(state, s, game.sample_chance(state, rng) if s == CHANCE else agents[s].act(game, state, s))
    outcome = game.outcome(state)
    return outcome is not None and seat in outcome.winners


def heuristic_baseline(pool: Any, games: int) -> tuple[int, int]:
    wins = sum(pool.map(_heuristic_job, range(30_000_000, 30_000_000 + games), chunksize=8))
    return wins, games


def plot(curve: list[tuple[float, str, float]], before: dict[str, tuple[int, int]],
         after: dict[str, tuple[int, int]], out: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    for opponent, colour in (("random", "tab:blue"), ("heuristic", "tab:red")):
        points = [(e, w) for e, o, w in curve if o == opponent]
        if points:
            e, w = zip(*points, strict=True)
            k = min(5, len(w))
            smooth = np.convolve(w, np.ones(k) / k, mode="valid")  # trailing mean of k batches
            ax.plot(e, w, color=colour, alpha=0.25)
            ax.plot(e[k - 1:], smooth, color=colour, label=f"training vs {opponent} (sampled policy, mean of {k})")
    for opponent, marker in (("random", "o"), ("heuristic", "s")):
        for label, table, x in (("before", before, 0), ("after", after, curve[-1][0] if curve else 0)):
            w, g = table[opponent]
            ax.scatter([x], [w / g], marker=marker, color="black")
            ax.annotate(f"{label} vs {opponent} {w / g:.2f}", (x, w / g), textcoords="offset points", xytext=(5, 5),
                        fontsize=8)
    ax.set_xlabel("training episodes")
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    ax.set_title("Masked PPO (numpy) on bouts/swordplay-v0, arena, 2 seats")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    print(f"learning curve: {out}")


# -- adapter speeds ---------------------------------------------------------------------------------------
def speeds(seconds: float) -> None:
    import pyspiel

    import bouts.rl
    from bouts.rl import openspiel
    from bouts.rl.table import encoded_games

    openspiel.register()
    print(f"env steps per second, random play, one process ({seconds:.0f} s each; a step is one decision, "
          "chance steps included in the work but not counted):")
    print(f"  {'game':10s} {'raw advance':>12s} {'PettingZoo':>11s} {'Gymnasium':>10s} {'OpenSpiel':>10s}")
    for game_id in encoded_games():
        figures = [raw_loop(game_id, seconds), aec_loop(bouts.rl.env(game_id), seconds),
                   gym_loop(game_id, seconds), spiel_loop(pyspiel.load_game(f"bouts_{game_id}"), seconds)]
        print(f"  {game_id:10s} " + " ".join(f"{f:>{w},.0f}" for f, w in zip(figures, (12, 11, 10, 10), strict=True)))


def raw_loop(game_id: str, seconds: float) -> float:
    game = bouts.game(game_id)
    variant = next(iter(game.variants().values()))
    rng = random.Random(0)
    steps, seed, until = 0, 0, time.perf_counter() + seconds
    started = time.perf_counter()
    while time.perf_counter() < until:
        state = game.fork(game.setup(variant.seats[0], dict(variant.options), None, seed))
        seed += 1
        while acting := game.to_act(state):
            seat = acting[0]
            if seat == CHANCE:
                game.advance(state, seat, game.sample_chance(state, rng))
            else:
                game.advance(state, seat, rng.choice(game.legal_actions(state, seat)))
                steps += 1
    return steps / (time.perf_counter() - started)


def aec_loop(env: Any, seconds: float) -> float:
    rng = np.random.default_rng(0)
    steps, seed, started = 0, 0, time.perf_counter()
    until = started + seconds
    while time.perf_counter() < until:
        env.reset(seed=seed)
        seed += 1
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                steps += 1
    return steps / (time.perf_counter() - started)


def gym_loop(game_id: str, seconds: float) -> float:
    """Learner steps per second (the random opponents' steps are not counted)."""
    env = BoutsGym(game_id, opponents="random")
    steps, seed, started = 0, 0, time.perf_counter()
    until = started + seconds
    while time.perf_counter() < until:
        env.reset(seed=seed)
        seed += 1
        done = False
        while not done:
            _, _, terminated, truncated, _ = env.step(env.action_space.sample())
            done = terminated or truncated
            steps += 1
    return steps / (time.perf_counter() - started)


def spiel_loop(game: Any, seconds: float) -> float:
    rng = random.Random(0)
    steps, started = 0, time.perf_counter()
    until = started + seconds
    while time.perf_counter() < until:
        steps += spiel_playout(game.new_initial_state(), rng)
    return steps / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random-minutes", type=float, default=2.0)
    parser.add_argument("--heuristic-minutes", type=float, default=2.0)
    parser.add_argument("--batch", type=int, default=64, help="episodes per PPO update")
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--gamma", type=float, default=0.99)
    parser.add_argument("--eval", type=int, default=400, help="evaluation games per opponent")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="rl_baseline.png")
    parser.add_argument("--speed-seconds", type=float, default=3.0)
    parser.add_argument("--no-speed", action="store_true")
    parser.add_argument("--no-train", action="store_true")
    args = parser.parse_args()
    if not args.no_train:
        train(args)
    if not args.no_speed:
        speeds(args.speed_seconds)


if __name__ == "__main__":
    main()
