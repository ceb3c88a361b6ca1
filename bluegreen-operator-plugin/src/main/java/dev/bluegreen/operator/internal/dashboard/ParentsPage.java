package dev.bluegreen.operator.internal.dashboard;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/**
 * The page of all parents: namespace, name, state, active colour, mode, step, the last transition's
 * start and outcome, Degraded and Progressing reasons and the last change; filtered by namespace
 * and state (exact match, empty = all), newest change first. Pure.
 */
final class ParentsPage {
    private ParentsPage() {}

    /** The page of {@code parents} that match both filters ({@code null} or blank = any). */
    static String render(List<ParentView> parents, String namespace, String state) {
        List<ParentView> shown =
                parents.stream()
                        .filter(p -> matches(namespace, p.namespace()))
                        .filter(p -> matches(state, p.state()))
                        .sorted(newestFirst())
                        .toList();
        Html page = Pages.open("Blue/green parents");
        page.raw("<h1>Blue/green parents</h1>");
        filters(page, namespace, state);
        page.raw("<p>").text(shown.size() + " of " + parents.size() + " parents").raw("</p>");
        page.raw("<table id=\"parents\">")
                .head(
                        "Namespace",
                        "Name",
                        "State",
                        "Active",
                        "Mode",
                        "Step",
                        "Transition started",
                        "Outcome",
                        "Degraded",
                        "Progressing",
                        "Last change");
        shown.forEach(p -> row(page, p));
        return Pages.close(page.raw("</table>"));
    }

    private static void filters(Html page, String namespace, String state) {
        page.raw("<form method=\"get\" action=\"/\">Namespace <input name=\"namespace\" value=\"")
                .text(namespace == null ? "" : namespace)
                .raw("\"> State <input name=\"state\" value=\"")
                .text(state == null ? "" : state)
                .raw("\"> <button type=\"submit\">Filter</button></form>");
    }

    private static void row(Html page, ParentView p) {
        page.raw("<tr class=\"parent\" data-namespace=\"")
                .text(p.namespace())
                .raw("\" data-name=\"")
                .text(p.name())
                .raw("\">");
        page.element("td", p.namespace());
        page.raw("<td><a href=\"")
                .text(Pages.parentPath(p.namespace(), p.name()))
                .raw("\">")
                .text(p.name())
                .raw("</a></td>");
        for (String cell :
                new String[] {
                    p.state(),
                    p.activeColor(),
                    p.mode(),
                    p.step(),
                    text(p.transitionStart()),
                    p.outcome(),
                    p.degraded(),
                    p.progressing(),
                    text(p.lastChange())
                }) {
            page.element("td", cell);
        }
        page.raw("</tr>");
    }

    private static Comparator<ParentView> newestFirst() {
        return Comparator.comparing(
                        ParentView::lastChange, Comparator.nullsLast(Comparator.reverseOrder()))
                .thenComparing(
                        ParentView::namespace, Comparator.nullsLast(Comparator.naturalOrder()))
                .thenComparing(ParentView::name, Comparator.nullsLast(Comparator.naturalOrder()));
    }

    private static boolean matches(String filter, String value) {
        return filter == null || filter.isBlank() || filter.trim().equals(value);
    }

    static String text(Instant at) {
        return at == null ? null : at.toString();
    }
}
