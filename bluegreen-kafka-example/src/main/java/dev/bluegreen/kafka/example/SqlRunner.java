package dev.bluegreen.kafka.example;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.bridge.java.StreamStatementSet;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A job entry point that runs SQL, as the upstream operator's SQL runner example does: a
 * FlinkDeployment names it as {@code entryClass} and passes the statements in {@code job.args}.
 *
 * <p>Arguments: {@code --script FILE} (a file of statements) or {@code --statements "SQL"} (the
 * statements themselves), and any number of {@code --name value} pairs whose values replace {@code
 * {{name}}} in the statements ({@link SqlScript}). Every {@code INSERT} goes into one statement
 * set, attached to the job after all other statements (DDL, {@code SET}) ran, and the job runs
 * under the name {@code --job-name} (default {@code sql-runner}). A bad argument or statement fails
 * {@code main} with an exception naming it, before anything is submitted.
 */
public final class SqlRunner {
    private SqlRunner() {}

    /** Runs the job; see the class comment for the arguments. */
    public static void main(String[] args) throws Exception {
        Map<String, String> values = arguments(args);
        List<String> statements =
                SqlScript.statements(SqlScript.substitute(script(values), values));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        StreamStatementSet inserts = tables.createStatementSet();
        int insertCount = 0;
        for (String statement : statements) {
            if (statement.toUpperCase(Locale.ROOT).startsWith("INSERT")) {
                inserts.addInsertSql(statement);
                insertCount++;
            } else {
                tables.executeSql(statement);
            }
        }
        if (insertCount == 0) {
            throw new IllegalArgumentException("SQL script: no INSERT statement, nothing to run");
        }
        inserts.attachAsDataStream();
        env.execute(values.getOrDefault("job-name", "sql-runner"));
    }

    /**
     * The {@code --name value} pairs of {@code args} by name (without the dashes).
     *
     * @throws IllegalArgumentException naming an argument without {@code --} or without a value
     */
    static Map<String, String> arguments(String[] args) {
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException(args[i] + ": expected --name value");
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(args[i] + ": expected a value after it");
            }
            values.put(args[i].substring(2), args[i + 1]);
        }
        return values;
    }

    /**
     * The script text: {@code --statements}, or the file {@code --script} names.
     *
     * @throws IllegalArgumentException when neither or both are given, or the file cannot be read
     */
    static String script(Map<String, String> values) {
        String inline = values.get("statements");
        String file = values.get("script");
        if ((inline == null) == (file == null)) {
            throw new IllegalArgumentException(
                    "SqlRunner: expected exactly one of --script FILE or --statements SQL");
        }
        if (inline != null) {
            return inline;
        }
        try {
            return Files.readString(Path.of(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("--script: cannot read " + file, e);
        }
    }
}
