import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The method-length distribution of the project's main code: median, p90 and the number of methods
 * over 30 lines, counted from a method's declaration line to its closing brace (both included),
 * Javadoc and annotations excluded. Needs only a JDK (single-file source launch) and reads the
 * formatted sources (Spotless, AOSP style: members indented 4 spaces, nested members 8).
 *
 * <p>Methods in {@link #TABLES} are declared tables: their body is a list of rows (a unit table, a
 * state table, a rule table), data rather than logic, so they may exceed 30 lines. They count in the
 * median and p90 like any method, are listed separately, and are left out of the over-30 count.
 *
 * <p>Usage, from the project root: {@code java tools/MethodLengths.java [--list N] [--modules]
 * [--check P90 LONG] [root]}. {@code --list N} also prints the N longest methods; {@code --modules}
 * prints the distribution per module; {@code --check P90 LONG} exits with status 1 when the p90
 * exceeds {@code P90} lines, when a method that is not a declared table exceeds {@code LONG} lines,
 * or when a declared table no longer exists (a stale entry).
 */
public final class MethodLengths {
    private static final Pattern DECLARATION =
            Pattern.compile(
                    "^( {4}| {8}| {12})(?=\\S)(?!return |throw |new |else|if |for |while |switch |try"
                            + "|catch |case |do )(?:[\\w<>\\[\\],.? @]+\\s)?[\\w<>\\[\\],.?]+\\s*\\(.*");
    /** A compact canonical constructor: {@code public Name {}, which has no parameter list. */
    private static final Pattern COMPACT_CONSTRUCTOR =
            Pattern.compile("^( {4}| {8}| {12})(?:public |protected |private )?[A-Z]\\w*[a-z]\\w* \\{$");

    /** A record header: a type, not a method, though it has a parameter list. */
    private static final Pattern RECORD = Pattern.compile("(?:^|\\s)record\\s+[A-Z]\\w*\\s*[(<].*");
    private static final int LONG = 30;

    /**
     * A method allowed to exceed the length limit because its body is rows of data.
     *
     * @param file the source file, relative to the project root
     * @param method the method's name as listed, e.g. {@code timeUnits()}
     * @param reason why the method is a table and not logic
     */
    record Table(String file, String method, String reason) {}

    /** The declared tables; every entry must name a method that exists. */
    static final List<Table> TABLES =
            List.of(
                    new Table(
                            "bluegreen-diff/src/main/java/dev/bluegreen/diff/internal/FlinkValues.java",
                            "timeUnits()",
                            "unit table: every spelling Flink's TimeUtils accepts, one row each"));

    record Method(Path file, int line, String name, int length) {
        String module(Path root) {
            return root.relativize(file).getName(0).toString();
        }
    }

    record Summary(int count, int median, int p90, int max, long over) {
        static Summary of(List<Method> methods, List<Method> tables, int limit) {
            int[] lengths = methods.stream().mapToInt(Method::length).sorted().toArray();
            long over =
                    methods.stream().filter(m -> m.length() > limit && !tables.contains(m)).count();
            int max = lengths.length == 0 ? 0 : lengths[lengths.length - 1];
            return new Summary(
                    lengths.length, percentile(lengths, 50), percentile(lengths, 90), max, over);
        }

        String text(int limit) {
            return String.format(
                    "%d methods, median %d, p90 %d, max %d, over %d lines (declared tables"
                            + " excluded): %d",
                    count, median, p90, max, limit, over);
        }
    }

    /** The command line: {@code check} is {@code null} without {@code --check}. */
    record Options(int list, boolean modules, int[] check, Path root) {
        static Options parse(String[] args) {
            int list = 0;
            boolean modules = false;
            int[] check = null;
            Path root = Path.of(".");
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--list" -> list = Integer.parseInt(args[++i]);
                    case "--modules" -> modules = true;
                    case "--check" ->
                            check =
                                    new int[] {
                                        Integer.parseInt(args[++i]), Integer.parseInt(args[++i])
                                    };
                    default -> root = Path.of(args[i]);
                }
            }
            return new Options(list, modules, check, root);
        }

        int limit() {
            return check == null ? LONG : check[1];
        }
    }

    public static void main(String[] args) throws IOException {
        Options options = Options.parse(args);
        Path root = options.root();
        int limit = options.limit();
        List<Method> methods = scanAll(root);
        List<Method> tables = methods.stream().filter(m -> table(root, m) != null).toList();
        Summary all = Summary.of(methods, tables, limit);
        System.out.println("main code: " + all.text(limit));
        printTables(root, tables);
        if (options.modules()) {
            printModules(root, methods, tables, limit);
        }
        printLongest(root, methods, tables, options.list());
        if (options.check() != null
                && !passes(root, methods, tables, all, options.check()[0], limit)) {
            System.exit(1);
        }
    }

    private static List<Method> scanAll(Path root) throws IOException {
        List<Method> methods = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(MethodLengths::isMainSource).sorted().forEach(f -> methods.addAll(scan(f)));
        }
        return methods;
    }

    /** The declared table {@code m} is, or {@code null}. */
    private static Table table(Path root, Method m) {
        String file = root.relativize(m.file()).toString().replace('\\', '/');
        return TABLES.stream()
                .filter(t -> t.file().equals(file) && t.method().equals(m.name()))
                .findFirst()
                .orElse(null);
    }

    private static void printTables(Path root, List<Method> tables) {
        System.out.printf("declared tables: %d, exempt%n", tables.size());
        for (Method m : tables) {
            System.out.printf(
                    "%4d  %s:%d %s -- %s%n",
                    m.length(), root.relativize(m.file()), m.line(), m.name(), table(root, m).reason());
        }
    }

    private static void printModules(
            Path root, List<Method> methods, List<Method> tables, int limit) {
        Map<String, List<Method>> byModule = new TreeMap<>();
        methods.forEach(m -> byModule.computeIfAbsent(m.module(root), k -> new ArrayList<>()).add(m));
        byModule.forEach(
                (module, own) ->
                        System.out.printf(
                                "%-28s %s, over 15: %d%n",
                                module,
                                Summary.of(own, tables, limit).text(limit),
                                own.stream().filter(m -> m.length() > 15).count()));
    }

    private static void printLongest(
            Path root, List<Method> methods, List<Method> tables, int list) {
        methods.stream()
                .sorted(Comparator.comparingInt(Method::length).reversed())
                .limit(list)
                .forEach(
                        m ->
                                System.out.printf(
                                        "%4d  %s:%d %s%s%n",
                                        m.length(),
                                        root.relativize(m.file()),
                                        m.line(),
                                        m.name(),
                                        tables.contains(m) ? "  (declared table)" : ""));
    }

    /** Prints each breach of {@code --check} and returns whether there was none. */
    private static boolean passes(
            Path root, List<Method> methods, List<Method> tables, Summary all, int p90, int limit) {
        List<String> breaches = new ArrayList<>();
        if (all.p90() > p90) {
            breaches.add("p90 is " + all.p90() + " lines, above " + p90);
        }
        methods.stream()
                .filter(m -> m.length() > limit && !tables.contains(m))
                .forEach(
                        m ->
                                breaches.add(
                                        String.format(
                                                "%s:%d %s has %d lines, above %d and not a declared"
                                                        + " table",
                                                root.relativize(m.file()),
                                                m.line(),
                                                m.name(),
                                                m.length(),
                                                limit)));
        for (Table t : TABLES) {
            if (tables.stream().noneMatch(m -> table(root, m) == t)) {
                breaches.add("declared table not found: " + t.file() + " " + t.method());
            }
        }
        breaches.forEach(b -> System.out.println("check failed: " + b));
        System.out.println(breaches.isEmpty() ? "check passed" : "check failed");
        return breaches.isEmpty();
    }

    private static boolean isMainSource(Path file) {
        String path = file.toString().replace('\\', '/');
        return path.endsWith(".java")
                && path.contains("/src/main/java/")
                && !path.contains("/target/")
                && !path.endsWith("package-info.java");
    }

    static List<Method> scan(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Method> found = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = COMPACT_CONSTRUCTOR.matcher(lines.get(i));
            if (!m.matches()) {
                m = DECLARATION.matcher(lines.get(i));
            }
            if (!m.matches() || isNotAMethod(lines.get(i))) {
                continue;
            }
            String indent = m.group(1);
            int open = bodyStart(lines, i);
            if (open < 0) {
                continue;
            }
            int close = closing(lines, open, indent);
            if (close > 0) {
                found.add(new Method(file, i + 1, name(lines.get(i)), close - i + 1));
                i = close;
            }
        }
        return found;
    }

    private static boolean isNotAMethod(String line) {
        String t = line.strip();
        return t.startsWith("@")
                || t.startsWith("//")
                || t.startsWith("*")
                || t.contains(" class ")
                || t.contains(" record ") && !t.contains("(") // a wrapped record header
                || RECORD.matcher(t).find()
                || t.contains(" interface ")
                || t.contains(" enum ")
                || t.contains(" = ")
                || t.endsWith(";") && !t.endsWith("{");
    }

    /** The line of the declaration's opening brace (a declaration may wrap), or -1. */
    private static int bodyStart(List<String> lines, int from) {
        for (int j = from; j < Math.min(lines.size(), from + 12); j++) {
            String t = lines.get(j).strip();
            if (t.endsWith("{}") || t.endsWith("{ }")) {
                return -1; // an empty body on the declaration line: no lines to count
            }
            if (t.endsWith("{")) {
                return j;
            }
            if (t.endsWith(";")) {
                return -1;
            }
        }
        return -1;
    }

    private static int closing(List<String> lines, int open, String indent) {
        for (int j = open + 1; j < lines.size(); j++) {
            String line = lines.get(j);
            if (line.equals(indent + "}") || line.startsWith(indent + "} ")) {
                return j;
            }
            if (!line.isBlank() && !line.startsWith(indent + " ") && !line.startsWith(indent + "}")) {
                return -1; // left the member's indentation: not a method body
            }
        }
        return -1;
    }

    private static String name(String declaration) {
        int paren = declaration.indexOf('(');
        String head =
                (paren < 0 ? declaration.substring(0, declaration.indexOf('{')) : declaration.substring(0, paren))
                        .strip();
        return head.substring(head.lastIndexOf(' ') + 1) + "()";
    }

    private static int percentile(int[] sorted, int p) {
        if (sorted.length == 0) {
            return 0;
        }
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }
}
