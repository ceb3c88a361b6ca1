package dev.bluegreen.kafka.example;

import dev.bluegreen.gate.flink.ColorScope;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The per-colour consumer group of Kafka source tables in a SQL script, as {@link SqlRunner}
 * applies it: a {@code CREATE TABLE} whose {@code 'connector'} is {@code kafka} or {@code
 * upsert-kafka} and which sets {@code 'properties.group.id'} gets {@code -blue} or {@code -green}
 * appended to the group, the colour coming from the job's configuration as for {@link ColorScope}
 * (and the {@code bluegreen} connector's {@code sink.transactional-id-prefix}). Every other
 * character of the statement stays as written. Pure and stateless.
 *
 * <p>The rule, row by row, first match wins ({@link #decide}; docs/sql.md, Per-colour names, says
 * why):
 *
 * <ol>
 *   <li>no colour in the job's configuration: {@link Decision#NO_COLOR}, unchanged;
 *   <li>not a {@code CREATE TABLE}: {@link Decision#NOT_A_TABLE}, unchanged;
 *   <li>another connector ({@code bluegreen}, {@code filesystem}, none): {@link
 *       Decision#NOT_KAFKA}, unchanged;
 *   <li>no {@code properties.group.id}: {@link Decision#NO_GROUP}, unchanged (the source then uses
 *       a random group and commits no offsets);
 *   <li>{@code kafka} with {@code scan.startup.mode} {@code group-offsets} (Kafka's default when
 *       the option is absent): {@link Decision#GROUP_IS_THE_START}, unchanged (a job without state,
 *       and a partition without state, start from the group's committed offsets);
 *   <li>otherwise: {@link Decision#COLOR}, the group gets the colour.
 * </ol>
 */
public final class SourceGroups {
    /** The option naming the consumer group. */
    public static final String GROUP_ID = "properties.group.id";

    /** Connectors whose tables read Kafka with a consumer group. */
    static final Set<String> KAFKA_CONNECTORS = Set.of("kafka", "upsert-kafka");

    private static final Pattern CREATE_TABLE =
            Pattern.compile("(?is)CREATE\\s+(OR\\s+REPLACE\\s+)?(TEMPORARY\\s+)?TABLE\\b.*");
    private static final Pattern EQUALS = Pattern.compile("\\s*=\\s*");

    /** What {@link #decide} found for one statement. */
    public enum Decision {
        /** The group gets the colour. */
        COLOR,
        /** The job has no colour (BASIC without {@code bluegreen.color}, or no blue/green). */
        NO_COLOR,
        /** Not a {@code CREATE TABLE}. */
        NOT_A_TABLE,
        /** The table's connector is not Kafka's. */
        NOT_KAFKA,
        /** The table sets no {@code properties.group.id}. */
        NO_GROUP,
        /** {@code scan.startup.mode} is {@code group-offsets}: the group is the start position. */
        GROUP_IS_THE_START
    }

    private SourceGroups() {}

    /**
     * {@code statement} with its Kafka consumer group coloured where {@link #decide} says {@link
     * Decision#COLOR}; otherwise {@code statement} itself.
     *
     * @param statement one statement, without comments ({@link SqlScript#statements})
     * @param scope the job's colour
     * @return the statement to run
     */
    public static String colored(String statement, ColorScope scope) {
        if (decide(statement, scope) != Decision.COLOR) {
            return statement;
        }
        String suffix = "-" + scope.color().orElseThrow();
        StringBuilder out = new StringBuilder(statement);
        List<Option> groups = options(statement, GROUP_ID);
        for (int i = groups.size() - 1; i >= 0; i--) {
            out.insert(groups.get(i).closingQuote(), suffix);
        }
        return out.toString();
    }

    /**
     * The rule of the class comment for {@code statement} under {@code scope}.
     *
     * @param statement one statement, without comments
     * @param scope the job's colour
     * @return the first row of the rule that matches
     */
    public static Decision decide(String statement, ColorScope scope) {
        if (scope.color().isEmpty()) {
            return Decision.NO_COLOR;
        }
        if (!CREATE_TABLE.matcher(statement.strip()).matches()) {
            return Decision.NOT_A_TABLE;
        }
        String connector = value(statement, "connector").map(String::strip).orElse("");
        return KAFKA_CONNECTORS.contains(connector)
                ? kafkaTable(statement, connector)
                : Decision.NOT_KAFKA;
    }

    /** The rule's last three rows, for a table of {@code connector} {@code kafka} or upsert. */
    private static Decision kafkaTable(String statement, String connector) {
        if (options(statement, GROUP_ID).isEmpty()) {
            return Decision.NO_GROUP;
        }
        return connector.equals("kafka") && startsFromTheGroup(statement)
                ? Decision.GROUP_IS_THE_START
                : Decision.COLOR;
    }

    private static boolean startsFromTheGroup(String statement) {
        return value(statement, "scan.startup.mode")
                .map(mode -> mode.strip().toLowerCase(Locale.ROOT))
                .orElse("group-offsets")
                .equals("group-offsets");
    }

    private static Optional<String> value(String statement, String key) {
        List<Option> found = options(statement, key);
        return found.isEmpty()
                ? Optional.empty()
                : Optional.of(found.get(found.size() - 1).value());
    }

    /** The {@code 'key' = 'value'} pairs of {@code statement} whose key is {@code key}. */
    private static List<Option> options(String statement, String key) {
        List<Literal> literals = Literal.all(statement);
        List<Option> options = new ArrayList<>();
        for (int i = 0; i + 1 < literals.size(); i++) {
            Literal name = literals.get(i);
            Literal value = literals.get(i + 1);
            String between = statement.substring(name.end() + 1, value.start());
            if (name.text().equals(key) && EQUALS.matcher(between).matches()) {
                options.add(new Option(value.text(), value.end()));
            }
        }
        return options;
    }

    /** An option's value and the index of the quote that closes it in the statement. */
    private record Option(String value, int closingQuote) {}

    /** A single-quoted string literal: its quotes' indexes and its text ({@code ''} unescaped). */
    private record Literal(int start, int end, String text) {
        static List<Literal> all(String statement) {
            List<Literal> literals = new ArrayList<>();
            int i = statement.indexOf('\'');
            while (i >= 0) {
                int end = SqlScript.closingQuote(statement, i);
                String text = statement.substring(i + 1, end).replace("''", "'");
                literals.add(new Literal(i, end, text));
                i = statement.indexOf('\'', end + 1);
            }
            return literals;
        }
    }
}
