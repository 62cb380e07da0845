"""Accessibility audits with axe-core (vendored in tests/support/axe/), run inside a page.

The script is evaluated through the browser's debugging protocol rather than added as a
``<script>`` element, so a strict Content-Security-Policy on the page cannot block it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

AXE_PATH = Path(__file__).parent / "axe" / "axe.min.js"
# What the site must never have; moderate and minor findings are reported, not failed on.
BLOCKING_IMPACTS = ("serious", "critical")


@cache
def axe_source() -> str:
    return AXE_PATH.read_text(encoding="utf-8")


def axe_violations(page) -> list[dict]:
    """Every axe violation on the page as it is now: axe's default rule set (WCAG 2.0 to 2.2 A
    and AA, and best practices), without the rules axe itself marks experimental."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(axe_source() + "\n;undefined")
    return page.evaluate(
        """async () => {
            const result = await axe.run(document, { resultTypes: ["violations"] });
            return result.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(" "), summary: n.failureSummary })),
            }));
        }"""
    )


def blocking_violations(page) -> list[dict]:
    """The serious and critical violations, the ones a page may not have."""
    return [v for v in axe_violations(page) if v["impact"] in BLOCKING_IMPACTS]


def describe(violations: list[dict]) -> str:
    lines = []
    for violation in violations:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        lines += [f"    {node['target']}: {node['summary']}" for node in violation["nodes"]]
    return "\n".join(lines)
