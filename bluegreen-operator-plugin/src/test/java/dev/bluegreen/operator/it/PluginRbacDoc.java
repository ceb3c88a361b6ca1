package dev.bluegreen.operator.it;

import dev.bluegreen.operator.resource.ProjectFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The RBAC the kubectl plugin needs, as docs/operations.md ("The kubectl plugin") lists it: one
 * table row per (API group, resource, verbs). {@link KubectlStack} checks every request kubectl
 * sends against it, so the table cannot leave out a verb the plugin uses.
 */
final class PluginRbacDoc {
    static final String FILE = "docs/operations.md";
    static final String HEADER = "| API group | Resource | Verbs | For |";

    private PluginRbacDoc() {}

    /** The rules of the table in docs/operations.md. */
    static Rbac fromOperationsDoc() {
        try {
            return parse(Files.readString(ProjectFiles.root().resolve(FILE)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The rules of the table under {@link #HEADER} in {@code doc}; {@code (core)} is the core API
     * group.
     *
     * @throws IllegalArgumentException naming the row when a row has too few cells, and when the
     *     document has no such table
     */
    static Rbac parse(String doc) {
        int header = doc.indexOf(HEADER + "\n");
        if (header < 0) {
            throw new IllegalArgumentException(FILE + ": no table with the header " + HEADER);
        }
        List<Rbac.Rule> rules = new ArrayList<>();
        List<String> lines = doc.substring(header).lines().toList();
        for (String line : lines.subList(2, lines.size())) {
            if (!line.startsWith("|")) {
                break;
            }
            String[] cells = line.split("\\s*\\|\\s*");
            if (cells.length < 4) {
                throw new IllegalArgumentException(FILE + ": a row needs 4 cells: " + line);
            }
            String group = unquoted(cells[1]);
            rules.add(
                    new Rbac.Rule(
                            Set.of(group.equals("(core)") ? "" : group),
                            Set.of(unquoted(cells[2])),
                            new LinkedHashSet<>(List.of(cells[3].split(",\\s*")))));
        }
        return new Rbac(rules);
    }

    private static String unquoted(String cell) {
        return cell.replace("`", "").strip();
    }
}
