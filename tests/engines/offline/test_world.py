"""The fictional organisation: deterministic, internally consistent, different per seed."""

from __future__ import annotations

import re

from engines.offline.world import make_org


def test_same_seed_same_organisation_and_seeds_differ():
    assert make_org(42) == make_org(42)
    names = {make_org(seed).name for seed in range(30)}
    assert len(names) > 15


def test_people_have_unique_emails_on_the_organisation_domain():
    for seed in range(20):
        org = make_org(seed)
        emails = [p.email for p in org.people]
        assert len(set(emails)) == len(emails) >= 3
        assert all(re.fullmatch(rf"[a-z]+\.[a-z]+@{re.escape(org.domain)}", e) for e in emails)
        assert len({p.username for p in org.people}) == len(org.people)


def test_paths_live_under_the_organisation_root_and_name_its_projects():
    for seed in range(20):
        org = make_org(seed)
        assert org.root == f"/srv/{org.slug}"
        assert all(d.startswith(org.root + "/") for d in org.directories)
        assert all(f.startswith(tuple(org.directories)) and "." in f.rsplit("/", 1)[-1] for f in org.files)
        assert all(any(f"/{p}/" in d for p in org.projects) for d in org.directories)
        for f in org.files:
            folder, name = f.rsplit("/", 2)[-2:]
            assert not (folder == "tests") or name.startswith("test_")
            assert not (folder == "migrations") or name.endswith(".sql")


def test_git_and_cloud_names_are_well_formed():
    for seed in range(20):
        org = make_org(seed)
        assert org.branches[0] == "main" and all(re.fullmatch(r"[a-z]+/[a-z-]+", b) for b in org.branches[1:])
        assert all(re.fullmatch(r"v\d+\.\d+\.\d+", t) for t in org.tags) and len(set(org.tags)) == len(org.tags)
        assert all(re.fullmatch(r"[A-Z]{3,4}", k) for k in org.project_keys)
        assert len(set(org.project_keys)) == len(org.project_keys)
        assert all(u.startswith(f"https://") and org.domain in u for u in org.urls)
        assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}", org.subscription)


def test_an_organisation_works_on_what_a_domain_spec_s_tools_name_and_keeps_its_business_on_a_platform():
    from engines.offline.subjects import subjects_of

    legal = ("search_cases", "get_case_details", "get_docket", "list_docket_entries", "find_attorney", "validate_citation")
    assert subjects_of(legal)[:2] == ("case", "docket")
    org = make_org(3, subjects_of(legal))
    assert set(org.nouns) <= set(subjects_of(legal)) and all(any(t.startswith(n[:4]) for n in org.nouns) for t in org.tables)
    assert org.name == make_org(3).name  # the same organisation, working on other things
    # a platform's tools name its containers; what they hold stays the organisation's business
    assert subjects_of(("create_repository", "list_issues", "get_issue", "create_pull_request", "merge_pull")) == ()
    assert "exa" not in subjects_of(("exa_search", "exa_crawl", "exa_answer"))  # the server's own name is no subject
    # ... but what most names are about is: a breed (a noun, though it ends like `created`), named mid-name
    assert subjects_of(("get-all-breeds", "get-breed-info", "get-breed-posts", "get-post-by-id"))[:2] == ("breed", "post")
    assert "created" not in subjects_of(("list_created_items", "get_created_item", "get_order", "list_orders"))


def test_an_organisation_outside_software_writes_about_everyday_work_not_deploys():
    import random

    from engines.offline.values import ValueGenerator

    office = make_org(5, ("case", "docket", "attorney", "citation"))
    lab = make_org(5, ("host", "dns", "cve"))
    assert not office.technical and lab.technical and make_org(5).technical
    gen = ValueGenerator(office, random.Random(1))
    texts = [gen.value({"type": "string"}, name=n) for n in ("comment", "message", "note", "title") for _ in range(8)]
    engineering = re.compile(r"deploy|migration|staging|index|feature/|rate limit|retry|timeout|pagination", re.I)
    assert not [t for t in texts if engineering.search(t)]
