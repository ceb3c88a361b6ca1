package dev.bluegreen.operator.internal.pipeline.decide;

import dev.bluegreen.operator.internal.pipeline.decide.StateReads.Read;
import dev.bluegreen.operator.internal.pipeline.decide.StateReads.When;
import dev.bluegreen.operator.resource.ProjectFiles;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The table "what each state reads" in docs/controller.md is {@link StateReads} rendered. Run with
 * {@code -Dbluegreen.docs.update=true} to regenerate it.
 */
class StateReadsDocTest {
    static final String BEGIN = "<!-- BEGIN generated state reads (StateReadsDocTest) -->";
    static final String END = "<!-- END generated state reads -->";

    /** The reads, one line each, then the table: one row per state, one column per read. */
    static String table() {
        StringBuilder out = new StringBuilder();
        for (Read read : Read.values()) {
            out.append(String.format("- `%s`: %s (%s)%n", read, read.what(), cost(read)));
        }
        out.append("\n| State |");
        for (Read read : Read.values()) {
            out.append(" `").append(read).append("` |");
        }
        out.append("\n|---|").append("---|".repeat(Read.values().length)).append('\n');
        for (StateReads.Row row : StateReads.ROWS) {
            out.append("| ").append(row.state()).append(" |");
            for (Read read : Read.values()) {
                When when = row.reads().get(read);
                out.append(' ').append(when == When.NEVER ? "–" : when.text()).append(" |");
            }
            out.append('\n');
        }
        return out.toString();
    }

    private static String cost(Read read) {
        return read.cost() == StateReads.Cost.CACHE ? "no request" : "costs requests";
    }

    @Test
    void theStateReadsTableIsGeneratedFromTheCode() throws IOException {
        Path doc = ProjectFiles.root().resolve("docs/controller.md");
        String text = Files.readString(doc);
        int from = text.indexOf(BEGIN);
        int to = text.indexOf(END);
        assertThat(from).as("marker %s in docs/controller.md", BEGIN).isNotNegative();
        assertThat(to).as("marker %s", END).isGreaterThan(from);
        String expected = text.substring(0, from) + BEGIN + "\n" + table() + text.substring(to);
        if (Boolean.getBoolean("bluegreen.docs.update")) {
            Files.writeString(doc, expected);
        }
        assertThat(Files.readString(doc))
                .as(
                        "docs/controller.md state reads are stale: rerun with -Dbluegreen.docs.update=true")
                .isEqualTo(expected);
    }
}
