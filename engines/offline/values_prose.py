"""What people write into a slot that takes their words: a prompt for a model, a message to a colleague, what a
record's description says of the thing, an observation, a premise of an analysis, a Markdown note. Each is about
the organisation's own subjects (values_vocab's nouns and topics), in the register the slot asks for.
"""

from __future__ import annotations

import re

from engines.offline import values_formats as fmt
from engines.offline.values_vocab import Hint, noun, person, project, topic
from engines.offline.world import plural


# What a generator of pictures, sound or video is asked to make: a description of the thing, not a message.
_MEDIA_PROMPTS = (
    (re.compile(r"\b(image|images|picture|photo|illustration|logo|icon|artwork|art|drawing|draw|paint|render)", re.I), (
        "A watercolor painting of a lighthouse on a rocky coast at dusk",
        "A flat vector illustration of a fox reading a book under a tree",
        "A photorealistic close-up of fresh croissants on a marble counter, morning light",
        "A minimalist logo of a mountain and a rising sun, two colors",
        "An isometric 3D render of a small cozy coffee shop",
        "A cyberpunk street at night in the rain, neon signs, wide angle")),
    (re.compile(r"\b(video|clip|animation|animate)", re.I), (
        "A drone shot flying slowly over a misty pine forest at sunrise",
        "A timelapse of clouds passing over a city skyline",
        "A golden retriever running along a beach in slow motion")),
    (re.compile(r"\b(music|song|melody|soundtrack|beat|track)", re.I), (
        "An upbeat lo-fi hip hop track with soft piano and vinyl crackle",
        "A calm ambient piece with warm synth pads, 70 bpm",
        "An energetic rock instrumental with driving drums")),
)


_CODING = re.compile(r"\b(?:code|coding|codebase|git|terminal|repository|programming|developer)\b", re.I)


def prompt(h: Hint) -> str:
    """A prompt: a picture, a clip or a tune described where the tool makes one, else a request in words."""
    opening = re.split(r"(?<=[.!?])\s|\n", h.about, maxsplit=1)[0]  # (what the tool is; not all it can also do)
    for said, prompts in _MEDIA_PROMPTS:
        if said.search(opening):
            return h.rng.choice(prompts)
    n, t, first = noun(h), topic(h), person(h).name.split()[0]  # what a model is asked to do, in a sentence
    if _CODING.search(opening):  # an agent that works on code: a task on the project's code
        return h.rng.choice((f"Find out why the {n} {t} tests fail in {project(h)} and fix them.",
                             f"Add {t} handling to the {n} export in {project(h)} and update the README.",
                             f"Refactor the {n} {t} code in {project(h)} into its own module; keep the tests green.",
                             f"Commit the {n} {t} changes in {project(h)} with a clear message and push the branch."))
    return h.rng.choice((f"Summarise the {n} {t} notes in three bullet points.",
                         f"Draft a short email to {first} about the {n} {t}.",
                         f"Explain the {t} for {plural(n)} in two sentences.",
                         f"List three risks of the {n} {t} and how to reduce them.",
                         f"Write a one-paragraph status update on the {n} {t}."))


# A slot for what someone wants made ("User's idea/requirements to turn into a design document"): a brief of it.
_BRIEF = re.compile(r"\b(?:ideas?|brief|requirements?|concept|user stor(?:y|ies)|feature requests?|product description|"
                    r"project description|what to build)\b", re.I)


def brief(h: Hint) -> str:
    """What someone wants built or planned, as they would put it in a sentence or two."""
    n, t, first = noun(h), topic(h), person(h).name.split()[0]
    return h.rng.choice((
        f"A small web app where {first}'s team can see every {n} by status and flag the ones stuck on {t}.",
        f"Let customers follow their {plural(n)} and get a message when the {t} changes. Mobile first.",
        f"Replace the {n} {t} spreadsheet with a shared tool: sign-in, a list view, export to CSV.",
        f"A weekly {n} {t} report that writes itself from the data we already have, sent every Monday.",
        f"An internal tool to plan {n} {t} work: who owns what, what is late, what comes next."))


def text(h: Hint) -> str:
    p, n, t = person(h), noun(h), topic(h)
    if _BRIEF.search(h.description or ""):
        return brief(h)
    if not h.org.technical:
        first = p.name.split()[0]
        return h.rng.choice((
            f"Following up on the {n} {t} from Monday; can you confirm the details?",
            f"{first} sent the {n} {t} this morning; please take a look before Friday.",
            f"The {n} {t} is attached. Let me know if anything is missing.",
            f"Quick reminder: the {n} {t} is due at the end of the week.",
            f"Thanks for the update on the {n} {t}. I'll share it with {h.rng.choice(h.org.people).name.split()[0]}.",
            f"Can we move the {n} {t} to next Tuesday?",
        ))
    return h.rng.choice((
        f"The {n} {t} change is ready for review; {p.name.split()[0]} will verify it on staging.",
        f"Customers report that {n} updates arrive late. Checking the {t} settings in {project(h)}.",
        f"Rolled out the new {t} behaviour for {plural(n)}; no errors in the last hour.",
        f"Can someone from {h.rng.choice(h.org.teams)} confirm the {n} {t} numbers before Friday?",
        f"{p.name.split()[0]} traced the {n} {t} errors to a missing index; fix is on {h.rng.choice(h.org.branches)}.",
        f"Heads up: {project(h)} deploys are paused until the {t} migration finishes.",
        f"Weekly {n} report: 3 incidents, all related to {t}. Details in {h.rng.choice(h.org.urls)}",
        f"Please review the {t} changes for {plural(n)} and leave comments by end of day.",
    ))


def describing(h: Hint) -> str:
    """What a record's `description` or `summary` says of the thing itself (not a message to a colleague):
    "Shipment carrier records, reviewed every week."."""
    n, t = noun(h), topic(h)
    kind = (h.entity or n).replace("_", " ")
    return h.rng.choice((f"{plural(n).capitalize()} and their {t}, kept up to date.",
                         f"Tracks {t} for {plural(n)}.",
                         f"The {kind} for {n} {t}, reviewed every week.",
                         f"{t.capitalize()} of {plural(n)} in one place.",
                         f"Used for {n} {t} across the {plural(kind)}."))


def observation(h: Hint) -> str:
    p = person(h)
    return h.rng.choice((f"Owns the {project(h)} service", f"Works in the {h.rng.choice(h.org.teams)} team",
                         f"Prefers async reviews; contact {p.email}", f"On call for {noun(h)} incidents this week",
                         f"Migrated {noun(h)} exports to v2 in {fmt.iso_date(h.rng)[:7]}"))


def reasoning(h: Hint) -> str:
    """A premise, claim or finding of a thinking or analysis tool: a short statement about the organisation's
    own subjects, not a work-chat line and not `premise-3`."""
    n, t, k = noun(h), topic(h), h.rng.randint(12, 64)
    return h.rng.choice((f"{n.capitalize()} {t} problems rose after the last release.",
                         f"The {n} backlog grew by {k}% this quarter.",
                         f"Most {plural(n)} that fail do so at the {t} step.",
                         f"Caching {plural(n)} would cut the {t} time roughly in half.",
                         f"We do not yet know why the {n} {t} slowed down.",
                         f"Only {k}% of {plural(n)} go through {t} without a manual fix."))


def markdown(h: Hint) -> str:
    n, t = noun(h), topic(h)
    return f"## {n.capitalize()} {t}\n\n- Owner: {person(h).name}\n- Service: {project(h)}\n\n{text(h)}"
