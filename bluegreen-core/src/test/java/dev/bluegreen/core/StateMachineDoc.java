package dev.bluegreen.core;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;

/**
 * Renders {@link StateTable} as {@code docs/state-machine.md}: a Mermaid {@code stateDiagram-v2} of
 * every state change, and the role-level table as Markdown. Also locates the project root.
 */
public final class StateMachineDoc {
    /** The doc's path relative to the project root. */
    public static final String PATH = "docs/state-machine.md";

    private StateMachineDoc() {}

    /** The whole document. */
    public static String render() {
        var out = new StringBuilder();
        out.append("# State machine of `TransitionEngine`\n\n")
                .append("<!-- Generated from StateTable by StateMachineDocTest; do not edit.\n")
                .append("     Regenerate: mvn -pl bluegreen-core test -Dtest=StateMachineDocTest")
                .append(" -Dbluegreen.docs.update=true -->\n\n")
                .append("Each decision of `TransitionEngine.decide` matches exactly one row of")
                .append(" `StateTable`; `StateTableTest` drives the engine to every row.")
                .append(" The semantics behind the rows are described in [core.md](core.md).\n\n")
                .append("## Diagram\n\n")
                .append("State changes only; decisions that stay in their state are in the")
                .append(" table below.\n\n");
        diagram(out);
        out.append("\n## Table\n\n")
                .append("X is the colour in the source state's name and Y its opposite: in")
                .append(" `TRANSITIONING_TO_X` X is incoming and Y the incumbent; in")
                .append(" `RETIRING_X` X is the old child and traffic is on Y. Every row holds")
                .append(" for X = BLUE and X = GREEN (INITIALIZING: blue only). Rows are")
                .append(" checked top to bottom within a role.\n\n")
                .append("| From | When | To | Reason |\n|---|---|---|---|\n");
        for (StateTable.RoleRow row : StateTable.roleRows()) {
            out.append("| ")
                    .append(roleState(row.from().name(), "X"))
                    .append(" | ")
                    .append(row.when())
                    .append(" | ")
                    .append(roleState(row.to().name(), row.opposite() ? "Y" : "X"))
                    .append(" | `")
                    .append(row.reason().name())
                    .append("` |\n");
        }
        return out.toString();
    }

    private static void diagram(StringBuilder out) {
        out.append("```mermaid\nstateDiagram-v2\n").append("    [*] --> INITIALIZING_BLUE\n");
        var edges = new LinkedHashSet<String>();
        for (StateTable.Row row : StateTable.rows()) {
            if (row.from() != row.to()) {
                edges.add("    " + row.from() + " --> " + row.to() + " : " + row.reason());
            }
        }
        edges.forEach(edge -> out.append(edge).append('\n'));
        out.append("```\n");
    }

    private static String roleState(String role, String colour) {
        return role.equals("INITIALIZING")
                ? "INITIALIZING_BLUE"
                : role.equals("TRANSITIONING") ? "TRANSITIONING_TO_" + colour : role + "_" + colour;
    }

    /**
     * The project root: the {@code bluegreen.project.root} system property, else the nearest
     * ancestor of the working directory with {@code pom.xml} and {@code bluegreen-core/}.
     *
     * @throws IllegalStateException if neither finds it
     */
    public static Path projectRoot() {
        String property = System.getProperty("bluegreen.project.root");
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.exists(dir.resolve("pom.xml"))
                    && Files.isDirectory(dir.resolve("bluegreen-core"))) {
                return dir;
            }
        }
        throw new IllegalStateException(
                "project root not found: set -Dbluegreen.project.root or run inside the project");
    }
}
