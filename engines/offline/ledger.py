"""Blockchain specs: wallets, tokens, transactions. Their addresses, hashes and keys have shapes of their own,
and their balances are in the chain's coin, not in dollars or pounds.

A spec is one when its text names at least two of the words only such systems use (blockchain, wallet, EVM,
ERC-20, NFT, Solana, transaction hash, mnemonic…). The chain it names decides the address shape (`0x` and 40
hex digits on an EVM chain, 64 on Aptos, Sui and Starknet, base58 on Solana, bech32 on Bitcoin) and the coin a
balance is counted in, unless the spec writes that coin itself ("balance in STT")."""

from __future__ import annotations

import random
import re
from collections import Counter

from common.taxonomy import tokens

_STRONG = re.compile(r"\b(blockchains?|wallets?|evm|erc-?20|erc-?721|erc-?1155|nfts?|defi|solana|ethereum|aptos|"
                     r"starknet|bitcoin|algorand|on-?chain|mnemonic|gwei|wei|lamports|web3|dex|smart contracts?|"
                     r"token address(?:es)?|transaction hash(?:es)?|tx ?hash(?:es)?|sui|multisig|"
                     r"contract address(?:es)?|calldata|liquidity pools?|address(?:es)? of the (?:\w+ )?tokens?)\b",
                     re.I)
# The chains a spec may name (the one named most wins; on a tie, the first here): (word, address style, coin).
_CHAINS = (("solana", "base58", "SOL"), ("lamports", "base58", "SOL"), ("algorand", "base32", "ALGO"),
           ("microalgos", "base32", "ALGO"), ("aptos", "hex64", "APT"),
           ("starknet", "hex64", "STRK"), ("sui", "hex64", "SUI"), ("bitcoin", "bech32", "BTC"),
           ("ethereum", "hex40", "ETH"), ("evm", "hex40", "ETH"))
# Capitalised words a spec writes that are no coin.
_NOT_COINS = frozenset("""API URL URI ID IDS JSON HTTP HTTPS EVM NFT NFTS ERC RPC ABI DEX USD EUR GBP MCP SDK UTC ISO
GET POST PUT CLI SQL CSV PDF HTML XML REST DAO AMM TVL APY APR OHLC OHLCV DEFI NOTE AND THE TX UI AI LLM ENS EIP BIP
SPL FA SFT PEM VRF CCIP NATIVE TOKEN TOKENS""".split())
_COIN_NEAR = re.compile(r"\b([A-Z]{2,6})\b(?=\s+(?:balance|tokens?|coins?|amount|transfer))|"
                        r"(?:balance|amount|transfer|send|native)\s+(?:of|in)?\s*\b([A-Z]{2,6})\b")
_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_B32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
_RFC4648 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"  # (Algorand's addresses and transaction IDs)


def ledger_of(texts: tuple[str, ...]) -> tuple[str, str]:
    """(address style, coin) of a blockchain spec; ("", "") for any other."""
    text = " ".join(texts)
    named = {m.lower().replace("-", "").rstrip("s") for m in _STRONG.findall(text)}
    if len(named) < 2:
        return "", ""
    lower = text.lower()
    said = [(len(re.findall(rf"\b{w}\b", lower)), -k) for k, (w, _, _) in enumerate(_CHAINS)]
    count, k = max(said)
    style, coin = (_CHAINS[-k][1], _CHAINS[-k][2]) if count else ("hex40", "ETH")  # the chain it names most
    written = Counter(a or b for a, b in _COIN_NEAR.findall(text) if (a or b) not in _NOT_COINS)
    if written:
        coin = written.most_common(1)[0][0]
    return style, coin


def _drawn(alphabet: str, n: int, rng: random.Random) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def address(style: str, rng: random.Random) -> str:
    if style == "base58":
        return _drawn(_B58, 44, rng)
    if style == "bech32":
        return "bc1q" + _drawn(_B32, 38, rng)
    if style == "base32":  # 58 characters of base32, no prefix
        return _drawn(_RFC4648, 58, rng)
    return "0x" + f"{rng.getrandbits(256 if style == 'hex64' else 160):0{64 if style == 'hex64' else 40}x}"


def tx_hash(style: str, rng: random.Random) -> str:
    if style == "base58":  # a Solana transaction signature
        return _drawn(_B58, 88, rng)
    if style == "bech32":  # a Bitcoin txid: hex without a prefix
        return f"{rng.getrandbits(256):064x}"
    if style == "base32":  # an Algorand transaction ID: 52 characters of base32
        return _drawn(_RFC4648, 52, rng)
    return f"0x{rng.getrandbits(256):064x}"


def private_key(style: str, rng: random.Random) -> str:
    if style == "base58":
        return _drawn(_B58, 88, rng)
    return f"0x{rng.getrandbits(256):064x}"


_ADDRESSED = frozenset({"address", "wallet", "recipient", "spender", "contract", "addr"})
_MAYBE_ADDRESSED = frozenset({"owner", "sender", "account", "from", "to", "receiver", "holder", "delegator", "validator",
                              "token", "pool", "pair", "router", "asset"})  # (`tokenIn`: "Address of the input token")
_NOT_ADDRESSES = frozenset({"email", "mail", "ip", "url", "web", "street", "postal", "ens", "type", "count",
                            "amount", "index", "balance", "limit"})
# (not where the text says the amount is *not* in them: "in token units, not wei")
_BASE_UNITS = re.compile(r"(?<!not )(?<!not in )\b(base units?|smallest units?|wei|lamports|octas|satoshis?|mist|"
                         r"atomic units?)\b", re.I)


def ledger_value(name: str, description: str, style: str, coin: str, rng: random.Random) -> str | None:
    """A string parameter's value in a blockchain spec, where its name says it is an address, a hash, a key or an
    amount; None for anything else."""
    toks = set(tokens(name))
    d = description.lower()
    if toks & {"hash", "txhash", "txid", "signature", "digest"} and not toks & {"block", "ipfs", "file", "content"} \
            or name.lower() in ("tx", "txn", "transaction"):
        return tx_hash(style, rng)
    if "block" in toks and "hash" in toks:
        return f"0x{rng.getrandbits(256):064x}"
    if "private" in toks and toks & {"key", "keys"} or name.lower() in ("privatekey", "secretkey", "secret_key"):
        return private_key(style, rng)
    if toks & {"amount", "value", "quantity"}:
        if _BASE_UNITS.search(d) or toks & {"wei", "lamports", "octas", "raw"}:
            return str(rng.randint(1, 500) * 10 ** rng.choice((6, 8, 9, 15, 16)))
        return rng.choice(("0.05", "0.25", "1.5", "10", "120", "0.001"))
    if toks & {"data", "calldata", "input"} and style == "hex40" and ("hex" in d or "calldata" in toks):
        # an ERC-20 `transfer(to, amount)`: its selector, then each argument as a 32-byte word
        return f"0xa9059cbb{rng.getrandbits(160):064x}{rng.randint(1, 500) * 10 ** 18:064x}"
    if toks & _NOT_ADDRESSES or "email" in d and "address" not in toks:
        return None
    if toks & _ADDRESSED or toks & _MAYBE_ADDRESSED and "address" in d:
        return address(style, rng)
    if toks & {"symbol", "ticker"} and not toks & {"name"}:
        return coin
    return None
