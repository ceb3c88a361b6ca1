package dev.bluegreen.example;

import dev.bluegreen.example.OutputAudit.Audit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OutputAuditTest {

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("no output", "", new Audit(0, 0, 0, 0, 0, Map.of())),
                Arguments.of(
                        "contiguous single version",
                        "0:v1 1:v1 2:v1",
                        new Audit(3, 3, 0, 0, 3, Map.of("v1", 3L))),
                Arguments.of(
                        "overlap of two versions duplicates ids",
                        "0:v1 1:v1 2:v1 1:v2 2:v2 3:v2",
                        new Audit(6, 4, 2, 0, 4, Map.of("v1", 3L, "v2", 3L))),
                Arguments.of(
                        "gap counts as lost",
                        "0:v1 1:v1 4:v2",
                        new Audit(3, 3, 0, 2, 5, Map.of("v1", 2L, "v2", 1L))),
                Arguments.of(
                        "duplicates and gaps together",
                        "0:v1 0:v1 3:v1 3:v2",
                        new Audit(4, 2, 2, 2, 4, Map.of("v1", 3L, "v2", 1L))),
                Arguments.of(
                        "missing id 0 is lost",
                        "1:v1 2:v1",
                        new Audit(2, 2, 0, 1, 3, Map.of("v1", 2L))),
                Arguments.of(
                        "order does not matter",
                        "2:v1 0:v1 1:v1",
                        new Audit(3, 3, 0, 0, 3, Map.of("v1", 3L))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void countsDuplicatesAndGaps(String name, String ids, Audit expected) {
        // Given lines written as id:version
        List<OutputAudit.Line> lines =
                Arrays.stream(ids.split(" "))
                        .filter(s -> !s.isBlank())
                        .map(s -> s.split(":"))
                        .map(p -> new OutputAudit.Line(Long.parseLong(p[0]), "k0", 0, 1, p[1]))
                        .toList();

        // When
        Audit audit = OutputAudit.of(lines);

        // Then
        assertThat(audit).isEqualTo(expected);
    }

    @Test
    void readsEveryCsvFileOfTheDirectoryAndIgnoresOthers(@TempDir Path dir) throws IOException {
        // Given two part files and an unrelated file
        Files.writeString(dir.resolve("part-v1-0-a.csv"), "0,k1,10,1,v1\n1,k2,11,1,v1\n");
        Files.writeString(dir.resolve("part-v2-0-b.csv"), "1,k2,11,1,v2\n2,k1,12,2,v2\n\n");
        Files.writeString(dir.resolve("notes.txt"), "not,a,record\n");

        // When
        Audit audit = OutputAudit.audit(dir);

        // Then
        assertThat(audit).isEqualTo(new Audit(4, 3, 1, 0, 3, Map.of("v1", 2L, "v2", 2L)));
    }

    @Test
    void missingDirectoryIsEmptyOutput(@TempDir Path dir) {
        assertThat(OutputAudit.audit(dir.resolve("absent")))
                .isEqualTo(new Audit(0, 0, 0, 0, 0, Map.of()));
    }

    @Test
    void malformedLineIsRejectedWithFileAndLine(@TempDir Path dir) throws IOException {
        // Given a second line with a non-numeric id
        Files.writeString(dir.resolve("part-v1-0-a.csv"), "0,k1,10,1,v1\nx,k1,10,1,v1\n");

        // When / Then
        assertThatThrownBy(() -> OutputAudit.audit(dir))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("part-v1-0-a.csv:2")
                .hasMessageContaining("\"x,k1,10,1,v1\"");
    }

    @Test
    void lineWithWrongFieldCountIsRejected() {
        assertThatThrownBy(() -> OutputAudit.Line.parse("1,k1,10,v1", "f.csv:7"))
                .hasMessage("f.csv:7: expected 5 comma-separated fields, got \"1,k1,10,v1\"");
    }

    @Test
    void lineRoundTripsWithTheCounterFormat() {
        // Given the counter's output line of an event
        String text = PerKeyCounter.line(new Event(42, "k3", 1234), 7, "v2");

        // When / Then
        assertThat(OutputAudit.Line.parse(text, "x"))
                .isEqualTo(new OutputAudit.Line(42, "k3", 1234, 7, "v2"));
    }
}
