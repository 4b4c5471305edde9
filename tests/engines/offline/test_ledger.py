"""Blockchain specs: addresses, hashes and keys shaped like the chain's, balances in its coin, no street addresses."""

import json
import random
import re

from actors.local import generate_local
from engines.offline.ledger import ledger_of, ledger_value
from schemas import RunConfig
from specs import load_suite


def test_a_spec_is_a_blockchain_spec_by_two_of_its_words_and_its_chain_decides_shapes_and_coin():
    assert ledger_of(("Get the balance of a wallet on Ethereum.", "Send an ERC-20 token.")) == ("hex40", "ETH")
    assert ledger_of(("Aptos blockchain account info", "Transfer APT to an address")) == ("hex64", "APT")
    assert ledger_of(("Solana wallet balance in lamports",))[0] == "base58"
    assert ledger_of(("Get the weather for a city.", "A wallet of photos."))[0] == ""  # one word is no chain
    assert ledger_of(("Wallet balance on the EVM chain", "Check the STT balance of a wallet"))[1] == "STT"


def test_values_of_a_blockchain_spec_have_the_chains_shapes():
    import random

    rng = random.Random(1)
    assert re.fullmatch(r"0x[0-9a-f]{40}", ledger_value("recipient_address", "", "hex40", "ETH", rng))
    assert re.fullmatch(r"0x[0-9a-f]{64}", ledger_value("ownerAddress", "", "hex64", "APT", rng))
    assert re.fullmatch(r"0x[0-9a-f]{64}", ledger_value("txHash", "", "hex40", "ETH", rng))
    assert re.fullmatch(r"0x[0-9a-f]{64}", ledger_value("privateKey", "", "hex40", "ETH", rng))
    assert re.fullmatch(r"[1-9A-HJ-NP-Za-km-z]{44}", ledger_value("wallet", "", "base58", "SOL", rng))
    assert re.fullmatch(r"\d+", ledger_value("amount", "Amount in wei", "hex40", "ETH", rng))
    assert re.fullmatch(r"0x[0-9a-f]{40}", ledger_value("to", "Recipient address", "hex40", "ETH", rng))
    assert ledger_value("email", "E-mail address of the user", "hex40", "ETH", rng) is None
    assert ledger_value("network", "Network name", "hex40", "ETH", rng) is None


def test_a_wallets_balance_is_in_the_chains_coin_and_its_address_is_no_place(tmp_path):
    address = {"type": "object", "properties": {"address": {"type": "string", "description": "Wallet address"}},
               "required": ["address"]}
    tools = [{"name": "get_balance", "description": "Get the ETH balance of a wallet on Ethereum.", "inputSchema": address},
             {"name": "get_address", "description": "Get the address of the connected wallet.",
              "inputSchema": {"type": "object", "properties": {}}},
             {"name": "get_transaction", "description": "Get an EVM transaction by its transaction hash.",
              "inputSchema": {"type": "object", "properties": {"tx_hash": {"type": "string"}}, "required": ["tx_hash"]}}]
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "s.json"]), RunConfig(seed=7), str(tmp_path / "h"))
    seen = set()
    for s in scenarios:
        for c in s.calls:
            out = json.loads(c.output)
            flat = json.dumps(out)
            assert "latitude" not in flat and '"currency"' not in flat, (c.tool, out)
            if c.tool == "get_balance":
                assert re.fullmatch(r"0x[0-9a-f]{40}", c.arguments["address"]) and out["symbol"] == "ETH"
            if c.tool == "get_transaction":
                assert re.fullmatch(r"0x[0-9a-f]{64}", c.arguments["tx_hash"])
                assert re.fullmatch(r"0x[0-9a-f]{40}", out["from"]), out
            seen.add(c.tool)
    assert {"get_balance", "get_transaction"} <= seen


def test_a_multisig_spec_is_a_chain_spec_and_its_hex_data_is_calldata():
    import random

    texts = ("Get all transactions for a Safe address", "Get details of a specific multisig transaction",
             "Decode transaction data using Safe API. data: Transaction data in hex format; to: Optional contract address")
    assert ledger_of(texts) == ("hex40", "ETH")
    data = ledger_value("data", "Transaction data in hex format", "hex40", "ETH", random.Random(3))
    assert re.fullmatch(r"0xa9059cbb[0-9a-f]{128}", data)  # a transfer's selector and two 32-byte words
    assert ledger_value("data", "Free text", "hex40", "ETH", random.Random(3)) is None


def test_a_dex_s_tokens_are_addresses_and_an_amount_said_not_to_be_in_wei_is_in_token_units():
    """"Address of the input token", "liquidity pools", "in token units, not wei": a DEX on an EVM chain."""
    import random

    texts = ("List available liquidity pools.", "Address of the input token.", "Amount of input token (in token "
             "units, not wei).", "Wrap native SEI into wSEI.")
    assert ledger_of(texts) == ("hex40", "SEI")
    rng = random.Random(2)
    assert re.fullmatch(r"0x[0-9a-f]{40}", ledger_value("tokenIn", "Address of the input token.", "hex40", "SEI", rng))
    for _ in range(10):
        amount = ledger_value("amountIn", "Amount of input token (in token units, not wei).", "hex40", "SEI", rng)
        assert float(amount) < 1000, amount  # token units, not 10^15 of the smallest one


def test_an_alert_s_fingerprint_is_hex_as_hashes_print():
    import random

    from engines.offline.spec_org import org_for
    from engines.offline.values import ValueGenerator

    gen = ValueGenerator(org_for(1), random.Random(1))
    assert re.fullmatch(r"[0-9a-f]{16}", gen.value({"type": "string", "description": "Alert fingerprint"},
                                                   name="fingerprint"))
    assert re.fullmatch(r"[0-9a-f]{64}", gen.value({"type": "string"}, name="checksum"))


def test_an_algorand_spec_s_addresses_and_transaction_ids_are_base32():
    from engines.offline.ledger import address, ledger_of, tx_hash
    style, coin = ledger_of(("Send ALGO from an Algorand wallet to another address.", "Get an Algorand transaction hash."))
    assert (style, coin) == ("base32", "ALGO")
    rng = random.Random(4)
    assert re.fullmatch(r"[A-Z2-7]{58}", address(style, rng)) and re.fullmatch(r"[A-Z2-7]{52}", tx_hash(style, rng))
