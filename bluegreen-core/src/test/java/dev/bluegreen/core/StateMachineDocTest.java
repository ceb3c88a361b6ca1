package dev.bluegreen.core;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import static org.assertj.core.api.Assertions.assertThat;

class StateMachineDocTest {

    @Test
    void committedStateMachineDocMatchesTheStateTable() throws IOException {
        // Given
        var doc = StateMachineDoc.projectRoot().resolve(StateMachineDoc.PATH);
        String generated = StateMachineDoc.render();

        // When
        if (Boolean.getBoolean("bluegreen.docs.update")) {
            Files.writeString(doc, generated, StandardCharsets.UTF_8);
        }

        // Then
        assertThat(doc).exists();
        assertThat(Files.readString(doc, StandardCharsets.UTF_8))
                .as("%s is stale; regenerate with -Dbluegreen.docs.update=true", doc)
                .isEqualTo(generated);
    }

    @Test
    void diagramHasAnEdgeForEveryStateChangeRow() {
        String doc = StateMachineDoc.render();
        for (StateTable.Row row : StateTable.rows()) {
            if (row.from() != row.to()) {
                assertThat(doc).contains(row.from() + " --> " + row.to() + " : " + row.reason());
            }
        }
    }
}
