"""The message catalogs are whole: every message the code uses has both translations, nothing unused, nothing
fuzzy, placeholders kept; each game's glossary terms are rendered one way (issue 26)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bouts.core.catalogs import domains, placeholders, problems
from bouts.core.i18n import Domain, Message, Text, tr, use_lang

DOMAINS = {d.name: d for d in domains()}


@pytest.mark.parametrize("name", sorted(DOMAINS))
def test_every_message_has_both_translations_and_none_is_unused(name: str) -> None:
    assert list(problems(DOMAINS[name])) == []


def test_the_check_finds_a_missing_translation_an_unused_entry_and_a_dropped_placeholder(tmp_path: Path) -> None:
    source = tmp_path / "src"
    source.mkdir()
    (source / "m.py").write_text('_("Hello {name}")\n_("Bye")\n', encoding="utf-8")
    from bouts.core.catalogs import CatalogDomain, update

    domain = CatalogDomain("demo", source, tmp_path / "locale")
    update(domain)
    found = list(problems(domain))
    assert any("no translation" in line and "Hello" in line for line in found)  # ja is empty until translated
    ja = domain.po("ja").read_text(encoding="utf-8")
    ja = ja.replace('msgid "Bye"\nmsgstr ""', 'msgid "Bye"\nmsgstr "さようなら"')
    ja = ja.replace('msgid "Hello {name}"\nmsgstr ""', 'msgid "Hello {name}"\nmsgstr "こんにちは"')
    ja += '\nmsgid "Gone"\nmsgstr "消えた"\n'
    domain.po("ja").write_text(ja, encoding="utf-8")
    found = list(problems(domain))
    assert any("drops ['name']" in line for line in found)
    assert any("'Gone' is used nowhere" in line for line in found)


def test_a_message_is_translated_when_shown_not_when_made() -> None:
    message = Message("{count} entries ({stand_ins} stand-ins)", {"count": 3, "stand_ins": 1})
    with use_lang("ja"):
        assert tr(message) == "3件（うち代替1件）"
    assert message.render("en") == "3 entries (1 stand-ins)"


def test_a_text_missing_a_language_falls_back_visibly() -> None:
    name = Text(ja="セイバー")
    assert name.get_text("ja") == "セイバー"
    assert name.get_text("en") == "セイバー (untranslated)"
    with use_lang("ja"):
        assert Text(en="Dagger").get_text() == "Dagger（未翻訳）"


def _pairs(name: str) -> list[tuple[str, str]]:
    """(English, Japanese) of every catalog entry and content text of game ``name``."""
    domain = DOMAINS[name]
    pairs: list[tuple[str, str]] = []
    with domain.po("ja").open("rb") as handle:
        for message in read_po(handle, locale="ja"):
            if message.id and message.string:
                en = message.id if isinstance(message.id, str) else message.id[0]
                ja = message.string if isinstance(message.string, str) else message.string[0]
                pairs.append((en, ja))
    import bouts

    game = bouts.game(name)
    if game.catalogs is not None:
        for entries in game.load_content().sections.values():
            for entry in entries:
                for text in (entry.text,):  # names are proper nouns, transliterated (Leather Armor: レザーアーマー)
                    if text.has("en") and text.has("ja"):
                        pairs.append((text.get_text("en"), text.get_text("ja")))
    for summary in game.clauses().values():
        if summary.has("en") and summary.has("ja"):
            pairs.append((summary.get_text("en"), summary.get_text("ja")))
    return pairs


GLOSSARIES = sorted(d.name for d in domains() if (d.source / "glossary.toml").is_file())


@pytest.mark.parametrize("name", GLOSSARIES)
def test_glossary_terms_are_rendered_one_way(name: str) -> None:
    """A text using the rulebook term in one language uses its rendering in the other (令呪 is always
    "command spell")."""
    terms = tomllib.loads((DOMAINS[name].source / "glossary.toml").read_text(encoding="utf-8"))["term"]
    assert terms and all(t.get("en") and t.get("ja") and t.get("source") for t in terms)
    wrong = []
    for en, ja in _pairs(name):
        plain_en = re.sub(r"\{[a-z_]+\}|\[[^\]]*\]", "", en).lower()  # placeholders and [typed values]
        plain_ja = re.sub(r"\{[a-z_]+\}|\[[^\]]*\]", "", ja)
        for term in terms:
            if (term["ja"] in plain_ja) != (term["en"].lower() in plain_en):
                wrong.append(f"{term['en']}/{term['ja']}: {en!r} <-> {ja!r}")
    assert wrong == []


def test_every_registered_domain_has_its_catalog_files() -> None:
    import bouts

    for game_id in bouts.games():
        bouts.game(game_id)
    for name, domain in Domain.registry.items():
        assert name in DOMAINS, f"domain {name} is not checked by the catalog tools"
        for lang in ("en", "ja"):
            assert domain.path(lang).is_file() or not list(problems(DOMAINS[name]))


def test_placeholders_are_read_as_format_fields() -> None:
    assert placeholders("{a} {{b}} {c:d}") == {"a", "c"}
