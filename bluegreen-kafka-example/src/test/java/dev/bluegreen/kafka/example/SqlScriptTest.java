package dev.bluegreen.kafka.example;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SqlScriptTest {

    @Test
    void splitsAtSemicolonsAndDropsEmptyStatements() {
        assertThat(SqlScript.statements(" CREATE TABLE a (x INT) ;\n\n;INSERT INTO a SELECT 1;  "))
                .containsExactly("CREATE TABLE a (x INT)", "INSERT INTO a SELECT 1");
    }

    @Test
    void keepsTheLastStatementWithoutASemicolon() {
        assertThat(SqlScript.statements("SET 'a' = 'b'; INSERT INTO t SELECT 1"))
                .containsExactly("SET 'a' = 'b'", "INSERT INTO t SELECT 1");
    }

    @Test
    void skipsLineAndBlockComments() {
        String script =
                "-- the source; with a semicolon\n"
                        + "CREATE TABLE a (x INT) -- trailing\n"
                        + ";/* a block; comment */ INSERT INTO a /* inline */ SELECT 1;";
        assertThat(SqlScript.statements(script))
                .containsExactly("CREATE TABLE a (x INT)", "INSERT INTO a   SELECT 1");
    }

    @Test
    void keepsSemicolonsAndCommentMarksInsideQuotedStrings() {
        assertThat(SqlScript.statements("SELECT 'a;b', '--c', 'it''s; /*x*/'; SELECT 2"))
                .containsExactly("SELECT 'a;b', '--c', 'it''s; /*x*/'", "SELECT 2");
    }

    @Test
    void refusesAnUnclosedString() {
        assertThatThrownBy(() -> SqlScript.statements("SELECT 'abc; SELECT 2"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("string opened at offset 7 is not closed");
    }

    @Test
    void refusesAnUnclosedBlockComment() {
        assertThatThrownBy(() -> SqlScript.statements("SELECT 1; /* never closed"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("/* comment at offset 10 is not closed");
    }

    @Test
    void substitutesPlaceholdersFromArguments() {
        assertThat(
                        SqlScript.substitute(
                                "'topic' = '{{input-topic}}', 'v' = '{{version}}{{version}}'",
                                Map.of("input-topic", "orders-in", "version", "v$1")))
                .isEqualTo("'topic' = 'orders-in', 'v' = 'v$1v$1'");
    }

    @Test
    void refusesAPlaceholderWithoutItsArgument() {
        assertThatThrownBy(() -> SqlScript.substitute("'{{output-topic}}'", Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("{{output-topic}} has no value (no --output-topic argument)");
    }
}
