import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The method-length distribution of the project's main code: median, p90 and the number of methods
 * over 30 lines, counted from a method's declaration line to its closing brace (both included),
 * Javadoc and annotations excluded. Needs only a JDK (single-file source launch) and reads the
 * formatted sources (Spotless, AOSP style: members indented 4 spaces, nested members 8).
 *
 * <p>Usage, from the project root: {@code java tools/MethodLengths.java [--list N] [root]}; {@code
 * --list N} also prints the N longest methods.
 */
public final class MethodLengths {
    private static final Pattern DECLARATION =
            Pattern.compile(
                    "^( {4}| {8}| {12})(?=\\S)(?!return |throw |new |else|if |for |while |switch |try"
                            + "|catch |case |do )(?:[\\w<>\\[\\],.? @]+\\s)?[\\w<>\\[\\],.?]+\\s*\\(.*");
    private static final int LONG = 30;

    record Method(Path file, int line, String name, int length) {}

    public static void main(String[] args) throws IOException {
        int list = 0;
        Path root = Path.of(".");
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--list")) {
                list = Integer.parseInt(args[++i]);
            } else {
                root = Path.of(args[i]);
            }
        }
        List<Method> methods = new ArrayList<>();
        Path base = root;
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(MethodLengths::isMainSource).sorted().forEach(f -> methods.addAll(scan(f)));
        }
        int[] lengths = methods.stream().mapToInt(Method::length).sorted().toArray();
        long over = methods.stream().filter(m -> m.length() > LONG).count();
        System.out.printf(
                "main code: %d methods, median %d, p90 %d, max %d, over %d lines: %d%n",
                lengths.length,
                percentile(lengths, 50),
                percentile(lengths, 90),
                lengths.length == 0 ? 0 : lengths[lengths.length - 1],
                LONG,
                over);
        methods.stream()
                .sorted(Comparator.comparingInt(Method::length).reversed())
                .limit(list)
                .forEach(
                        m ->
                                System.out.printf(
                                        "%4d  %s:%d %s%n",
                                        m.length(), base.relativize(m.file()), m.line(), m.name()));
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
            Matcher m = DECLARATION.matcher(lines.get(i));
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
                || t.contains(" record ") && !t.contains("(") // a record header is a type
                || t.startsWith("record ")
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
        String head = declaration.substring(0, declaration.indexOf('(')).strip();
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
