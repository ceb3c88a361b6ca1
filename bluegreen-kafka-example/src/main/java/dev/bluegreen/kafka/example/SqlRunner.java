package dev.bluegreen.kafka.example;

import dev.bluegreen.gate.flink.ColorScope;

import org.apache.flink.configuration.ReadableConfig;
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
import java.util.stream.Collectors;

/**
 * A job entry point that runs SQL, as the upstream operator's SQL runner example does: a
 * FlinkDeployment names it as {@code entryClass} and passes the statements in {@code job.args}.
 *
 * <p>Arguments: {@code --script FILE} (a file of statements) or {@code --statements "SQL"} (the
 * statements themselves), and any number of {@code --name value} pairs whose values replace {@code
 * {{name}}} in the statements ({@link SqlScript}). Every {@code INSERT} goes into one statement
 * set, attached to the job after all other statements (DDL, {@code SET}) ran, and the job runs
 * under the name {@code --job-name} (default {@code sql-runner}). A Kafka source table's {@code
 * properties.group.id} gets the job's colour ({@link SourceGroups}). A bad argument or statement,
 * or a {@code bluegreen.color} that is not BLUE or GREEN, fails {@code main} with an exception
 * naming it, before anything is submitted.
 */
public final class SqlRunner {
    private SqlRunner() {}

    /** Runs the job; see the class comment for the arguments. */
    public static void main(String[] args) throws Exception {
        Map<String, String> values = arguments(args);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        List<String> statements = statements(values, env.getConfiguration());
        attach(StreamTableEnvironment.create(env), statements);
        env.execute(values.getOrDefault("job-name", "sql-runner"));
    }

    /**
     * The statements to run: the script's, with {@code {{name}}} replaced and each Kafka source
     * table's consumer group coloured by the colour in {@code config} ({@link SourceGroups}).
     *
     * @throws IllegalArgumentException naming a bad argument, placeholder or script, or the key of
     *     a colour that is not BLUE or GREEN
     */
    static List<String> statements(Map<String, String> values, ReadableConfig config) {
        ColorScope scope = ColorScope.of(config);
        String script = SqlScript.substitute(script(values), values);
        return SqlScript.statements(script).stream()
                .map(statement -> SourceGroups.colored(statement, scope))
                .collect(Collectors.toList());
    }

    /**
     * Runs every statement but the {@code INSERT}s at once, then attaches the {@code INSERT}s as
     * one statement set to the environment of {@code tables}.
     *
     * @throws IllegalArgumentException when there is no {@code INSERT} (before anything runs)
     */
    static void attach(StreamTableEnvironment tables, List<String> statements) {
        List<String> inserts =
                statements.stream().filter(SqlRunner::isInsert).collect(Collectors.toList());
        if (inserts.isEmpty()) {
            throw new IllegalArgumentException("SQL script: no INSERT statement, nothing to run");
        }
        statements.stream().filter(s -> !isInsert(s)).forEach(tables::executeSql);
        StreamStatementSet set = tables.createStatementSet();
        inserts.forEach(set::addInsertSql);
        set.attachAsDataStream();
    }

    private static boolean isInsert(String statement) {
        return statement.toUpperCase(Locale.ROOT).startsWith("INSERT");
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
        return inline != null ? inline : read(file);
    }

    private static String read(String file) {
        try {
            return Files.readString(Path.of(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("--script: cannot read " + file, e);
        }
    }
}
