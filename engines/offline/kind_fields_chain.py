"""A blockchain spec's records (ledger.py): amounts in its coin, addresses and hashes of its chain, in place of
the common kinds that share their words (kind_fields.KINDS: a wallet's address is no street address, its balance
no bank balance, a token no market listing)."""

from __future__ import annotations

import random

from engines.offline import ledger
from engines.offline.kind_fields import Draw, count, num, pick, when
from engines.offline.world import Organisation


def _address(rng: random.Random, org: Organisation, topic: str) -> str:
    return ledger.address(org.ledger, rng)


def _tx(rng: random.Random, org: Organisation, topic: str) -> str:
    return ledger.tx_hash(org.ledger, rng)


def _coin(rng: random.Random, org: Organisation, topic: str) -> str:
    return org.coin


def _token_name(rng: random.Random, org: Organisation, topic: str) -> str:
    return f"{rng.choice(org.nouns).capitalize()} {rng.choice(('Token', 'Coin', 'Credits'))}"


_LEDGER_KINDS: tuple[tuple[str, dict[str, Draw]], ...] = (
    ("balance", {"balance": num(0.0001, 250, 6), "symbol": _coin, "block_number": count(1_000_000, 21_000_000)}),
    ("transaction transfer tx payment", {"from": _address, "to": _address, "value": num(0.001, 25, 6),
                                         "symbol": _coin, "status": pick("success", "success", "pending", "failed"),
                                         "block_number": count(1_000_000, 21_000_000), "timestamp": when}),
    ("address wallet account", {"address": _address, "balance": num(0.0001, 250, 6), "symbol": _coin,
                                "transaction_count": count(1, 4_000)}),
    ("token coin asset", {"name": _token_name, "decimals": pick(6, 8, 9, 18), "total_supply": count(10**6, 10**12),
                          "address": _address}),
    ("nft collectible", {"token_id": count(1, 9_999), "owner": _address, "contract_address": _address,
                         "token_uri": lambda rng, org, topic: f"ipfs://bafy{rng.getrandbits(200):050x}"}),
    ("supply", {"total_supply": count(10**6, 10**12), "circulating_supply": count(10**5, 10**11), "decimals": pick(6, 8, 18)}),
    ("fee gas", {"gas_price_gwei": num(0.5, 80, 2), "max_priority_fee_gwei": num(0.01, 3, 2),
                 "base_fee_gwei": num(0.5, 60, 2)}),
    ("chain network", {"chain_id": pick(1, 10, 137, 8453, 42161), "block_height": count(1_000_000, 21_000_000),
                       "gas_price_gwei": num(0.5, 80, 2), "synced": pick(True, True, False)}),
)
LEDGER_BY_WORD = {w: fields for words, fields in _LEDGER_KINDS for w in words.split()}
