package dev.bluegreen.operator.docs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Links and anchors of a Markdown page, as GitHub renders them: inline links {@code [text](target)}
 * (images too), and the anchors of its headings (GitHub's slugs: lower case, punctuation removed,
 * spaces to hyphens, {@code -1}, {@code -2} for repeats) and of explicit {@code <a id>} tags. Pure.
 */
final class DocLinks {
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern CODE_SPAN = Pattern.compile("`[^`\\n]*`");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6}\\s+(.+?)\\s*#*\\s*$");
    private static final Pattern EXPLICIT = Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"");
    private static final Pattern INLINE_LINK = Pattern.compile("\\[([^\\]]*)\\]\\([^)]*\\)");

    private DocLinks() {}

    /** The link targets of {@code prose} (fenced code already removed), in order. */
    static List<String> targets(String prose) {
        List<String> targets = new ArrayList<>();
        Matcher m = LINK.matcher(CODE_SPAN.matcher(prose).replaceAll(""));
        while (m.find()) {
            targets.add(m.group(1));
        }
        return targets;
    }

    /** Whether a target leaves the repository (a URL or a mail address). */
    static boolean external(String target) {
        return target.matches("(?i)^[a-z][a-z0-9+.-]*:.*");
    }

    /** The anchors a page defines. */
    static Set<String> anchors(String prose) {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        Matcher m = HEADING.matcher(prose);
        while (m.find()) {
            String slug = slug(m.group(1));
            int n = seen.merge(slug, 1, Integer::sum);
            anchors.add(n == 1 ? slug : slug + "-" + (n - 1));
        }
        Matcher explicit = EXPLICIT.matcher(prose);
        while (explicit.find()) {
            anchors.add(explicit.group(1));
        }
        return anchors;
    }

    /** GitHub's anchor of a heading's text. */
    static String slug(String heading) {
        String text = INLINE_LINK.matcher(heading).replaceAll("$1").replace("`", "");
        return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }
}
