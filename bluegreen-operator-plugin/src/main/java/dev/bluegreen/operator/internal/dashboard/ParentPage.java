package dev.bluegreen.operator.internal.dashboard;

import dev.bluegreen.operator.resource.AnalysisCheckStatus;
import dev.bluegreen.operator.resource.AnalysisRunStatus;
import dev.bluegreen.operator.resource.HandbackStatus;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The page of one parent: its summary, its state history as a timeline ({@link TimelineSvg}) and a
 * table, its conditions, the last events the controller emitted, its children with their Flink web
 * UI, the analysis runs with each check's measurements ({@link MeasurementSvg}) and the gate's
 * hand-back record. Pure.
 */
final class ParentPage {
    private ParentPage() {}

    /** The page of {@code p}, its timeline ending at {@code now}. */
    static String render(ParentView p, Instant now) {
        Html page = Pages.open(p.namespace() + "/" + p.name() + " \u2013 blue/green");
        page.raw("<h1><a href=\"/\">Blue/green parents</a> / ")
                .text(p.namespace())
                .raw(" / ")
                .text(p.name())
                .raw("</h1>");
        summary(page, p);
        page.raw("<h2>Timeline</h2>").raw(TimelineSvg.draw(p.changes(), p.events(), now));
        history(page, p);
        conditions(page, p);
        events(page, p);
        children(page, p);
        var analysis = p.analysis();
        analysis(
                page,
                "Pre-promotion analysis",
                analysis == null ? null : analysis.getPrePromotion());
        analysis(
                page,
                "Post-promotion analysis",
                analysis == null ? null : analysis.getPostPromotion());
        handback(page, p.handback());
        return Pages.close(page);
    }

    private static void summary(Html page, ParentView p) {
        page.raw("<table id=\"summary\">")
                .head(
                        "State",
                        "Active",
                        "Mode",
                        "Step",
                        "Transition started",
                        "Outcome",
                        "Degraded",
                        "Progressing")
                .row(
                        p.state(),
                        p.activeColor(),
                        p.mode(),
                        p.step(),
                        ParentsPage.text(p.transitionStart()),
                        p.outcome(),
                        p.degraded(),
                        p.progressing())
                .raw("</table>");
    }

    private static void history(Html page, ParentView p) {
        page.raw("<h2>State changes</h2><table id=\"history\">")
                .head("At", "State", "Active", "Progressing reason");
        for (StateChange c : p.changes()) {
            page.row(c.at().toString(), c.state(), c.activeColor(), c.reason());
        }
        page.raw("</table>");
    }

    private static void conditions(Html page, ParentView p) {
        page.raw("<h2>Conditions</h2><table id=\"conditions\">")
                .head("Type", "Status", "Reason", "Message", "Since");
        for (var c : p.conditions()) {
            page.row(c.type(), c.status(), c.reason(), c.message(), c.since());
        }
        page.raw("</table>");
    }

    private static void events(Html page, ParentView p) {
        page.raw("<h2>Last events</h2><table id=\"events\">")
                .head("At", "Type", "Reason", "Message");
        List<EventNote> newestFirst = new ArrayList<>(p.events());
        java.util.Collections.reverse(newestFirst);
        for (EventNote e : newestFirst) {
            page.raw("<tr class=\"").text(e.type()).raw("\">");
            page.element("td", e.at().toString())
                    .element("td", e.type())
                    .element("td", e.reason())
                    .element("td", e.message());
            page.raw("</tr>");
        }
        page.raw("</table>");
    }

    private static void children(Html page, ParentView p) {
        page.raw("<h2>Children</h2><table id=\"children\">")
                .head("Colour", "FlinkDeployment", "Lifecycle", "Job", "Flink web UI");
        for (var c : p.children()) {
            page.raw("<tr>")
                    .element("td", c.color())
                    .element("td", c.name())
                    .element("td", c.lifecycle())
                    .element("td", c.jobState())
                    .raw("<td>");
            if (c.flinkUi() == null) {
                page.text(null);
            } else {
                page.raw("<a class=\"flink-ui\" rel=\"noreferrer\" href=\"")
                        .text(c.flinkUi())
                        .raw("\">")
                        .text(c.flinkUi())
                        .raw("</a>");
            }
            page.raw("</td></tr>");
        }
        page.raw("</table>");
    }

    private static void analysis(Html page, String title, AnalysisRunStatus run) {
        if (run == null) {
            return;
        }
        page.element("h2", title);
        page.raw("<p>")
                .text("Phase " + run.getPhase() + ", started " + run.getStartedAt())
                .raw("</p><p>")
                .text(run.getMessage())
                .raw("</p>");
        checks(page, run.getChecks());
    }

    private static void checks(Html page, List<AnalysisCheckStatus> checks) {
        page.raw("<table class=\"checks\">")
                .head(
                        "Check",
                        "Provider",
                        "Phase",
                        "Successful",
                        "Failed",
                        "Inconclusive",
                        "Errors",
                        "Measurements");
        for (AnalysisCheckStatus check : checks == null ? List.<AnalysisCheckStatus>of() : checks) {
            page.raw("<tr class=\"check\">")
                    .element("td", check.getName())
                    .element("td", check.getProvider())
                    .element("td", check.getPhase())
                    .element("td", number(check.getSuccessful()))
                    .element("td", number(check.getFailed()))
                    .element("td", number(check.getInconclusive()))
                    .element("td", number(check.getErrors()))
                    .raw("<td>")
                    .raw(MeasurementSvg.draw(check.getMeasurements()))
                    .raw("</td></tr>");
        }
        page.raw("</table>");
    }

    private static void handback(Html page, HandbackStatus h) {
        if (h == null) {
            return;
        }
        page.raw("<h2>Gate hand-back</h2><table id=\"handback\">")
                .head(
                        "At",
                        "From",
                        "To",
                        "Frontier",
                        "Checkpoint",
                        "Exact",
                        "Recovered",
                        "Lost",
                        "Message")
                .row(
                        h.getAt(),
                        h.getFrom(),
                        h.getTo(),
                        number(h.getFrontier()),
                        number(h.getCheckpoint()),
                        h.getExact() == null ? null : h.getExact().toString(),
                        number(h.getRecovered()),
                        number(h.getLost()),
                        h.getMessage())
                .raw("</table>");
    }

    private static String number(Number n) {
        return n == null ? null : n.toString();
    }
}
