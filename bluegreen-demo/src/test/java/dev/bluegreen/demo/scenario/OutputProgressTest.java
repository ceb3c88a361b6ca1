package dev.bluegreen.demo.scenario;

import dev.bluegreen.example.OutputAudit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class OutputProgressTest {

    @Test
    void countsCompleteLinesAndTheLargestIdOfOneVersionAcrossFiles(@TempDir Path dir)
            throws Exception {
        Files.writeString(dir.resolve("part-v1-0-a.csv"), "0,k1,100,1,v1\n1,k2,101,1,v1\n");
        Files.writeString(dir.resolve("part-v2-0-b.csv"), "1,k2,101,1,v2\n2,k3,102,1,v2\n3,k4,1");
        Files.writeString(dir.resolve("notes.txt"), "0,k1,100,1,v1\n");

        assertThat(OutputProgress.of(dir, "v1")).isEqualTo(new OutputProgress(2, 0, 1));
        assertThat(OutputProgress.of(dir, "v2")).isEqualTo(new OutputProgress(2, 1, 2));
        assertThat(OutputProgress.of(dir.resolve("missing"), "v1")).isEqualTo(OutputProgress.NONE);
    }

    @Test
    void countsParsedLinesOfOneVersionInAnyOrder() {
        List<OutputAudit.Line> lines =
                List.of(line(7, "v1"), line(3, "v2"), line(2, "v1"), line(9, "v1"), line(5, "v2"));

        assertThat(OutputProgress.of(lines, "v1")).isEqualTo(new OutputProgress(3, 2, 9));
        assertThat(OutputProgress.of(lines, "v2")).isEqualTo(new OutputProgress(2, 3, 5));
        assertThat(OutputProgress.of(lines, "v3")).isEqualTo(OutputProgress.NONE);
    }

    static OutputAudit.Line line(long id, String version) {
        return new OutputAudit.Line(id, "k" + (id % 3), 1_000 + id, 1, version);
    }
}
