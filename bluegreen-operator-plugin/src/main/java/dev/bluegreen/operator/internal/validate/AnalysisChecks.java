package dev.bluegreen.operator.internal.validate;

import dev.bluegreen.operator.internal.config.AnalysisDurations;
import dev.bluegreen.operator.resource.AnalysisCheck;
import dev.bluegreen.operator.resource.AnalysisSpec;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The checks of {@code spec.analysis} (docs/analysis.md, "Fields and validation"): per stage, the
 * names (DNS-1123 labels, unique in the stage), and per check its timing, its limits (Argo
 * Rollouts' rules), its conditions ({@link ConditionChecks}) and its provider ({@link
 * ProviderChecks}). Every problem names the full field path, e.g. {@code
 * spec.analysis.prePromotion[1].interval}. Pure and thread-safe.
 */
public final class AnalysisChecks {
    /** The field of the analysis checks. */
    public static final String FIELD = "spec.analysis";

    static final String PRE = "prePromotion";
    static final String POST = "postPromotion";

    private static final Pattern DNS_1123_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    private static final int NAME_MAX = AnalysisCheck.NAME_MAX_LENGTH;

    private AnalysisChecks() {}

    /** Adds the problems of {@code spec.analysis} (none when it is not set). */
    public static void check(AnalysisSpec analysis, List<SpecProblem> problems) {
        if (analysis == null) {
            return;
        }
        stage(PRE, analysis.getPrePromotion(), problems);
        stage(POST, analysis.getPostPromotion(), problems);
    }

    private static void stage(
            String stage, List<AnalysisCheck> checks, List<SpecProblem> problems) {
        if (checks == null) {
            return;
        }
        size(stage, checks, problems);
        Map<String, String> firstByName = new HashMap<>();
        for (int i = 0; i < checks.size(); i++) {
            String field = FIELD + "." + stage + "[" + i + "]";
            AnalysisCheck check = checks.get(i);
            if (check == null) {
                problems.add(new SpecProblem(field, "expected a check, got null"));
                continue;
            }
            name(field, check.getName(), firstByName, problems);
            one(field, check, stage.equals(POST), problems);
        }
    }

    private static void size(String stage, List<AnalysisCheck> checks, List<SpecProblem> problems) {
        if (checks.size() > AnalysisSpec.CHECKS_MAX) {
            problems.add(
                    new SpecProblem(
                            FIELD + "." + stage,
                            "expected at most "
                                    + AnalysisSpec.CHECKS_MAX
                                    + " checks, got "
                                    + checks.size()));
        }
    }

    /** The checks of one check of a stage, after its name. */
    private static void one(
            String field, AnalysisCheck check, boolean post, List<SpecProblem> problems) {
        timing(field, check, post, problems);
        limits(field, check, problems);
        ConditionChecks.condition(
                field + ".successCondition", check.getSuccessCondition(), problems);
        ConditionChecks.condition(
                field + ".failureCondition", check.getFailureCondition(), problems);
        ProviderChecks.provider(field + ".provider", check.getProvider(), problems);
    }

    private static void name(
            String field,
            String name,
            Map<String, String> firstByName,
            List<SpecProblem> problems) {
        String nameField = field + ".name";
        if (name == null || name.isEmpty()) {
            problems.add(new SpecProblem(nameField, "required"));
        } else if (name.length() > NAME_MAX || !DNS_1123_LABEL.matcher(name).matches()) {
            problems.add(
                    new SpecProblem(
                            nameField,
                            "expected a DNS-1123 label of at most "
                                    + NAME_MAX
                                    + " characters (lower case letters, digits, '-'), got \""
                                    + name
                                    + "\""));
        } else if (firstByName.containsKey(name)) {
            problems.add(
                    new SpecProblem(
                            nameField,
                            "duplicate name \""
                                    + name
                                    + "\" (also "
                                    + firstByName.get(name)
                                    + "); names are unique in a stage"));
        } else {
            firstByName.put(name, nameField);
        }
    }

    /** {@code initialDelay}, {@code interval} and {@code count}. */
    private static void timing(
            String field, AnalysisCheck check, boolean post, List<SpecProblem> problems) {
        duration(field + ".initialDelay", check.getInitialDelay(), false, problems);
        duration(field + ".interval", check.getInterval(), true, problems);
        Integer count = check.getCount();
        if (count != null && count < 0) {
            problems.add(new SpecProblem(field + ".count", "expected >= 0, got " + count));
        } else if (count != null && count > 1 && check.getInterval() == null) {
            problems.add(
                    new SpecProblem(
                            field + ".count",
                            "a count above 1 needs an interval (the time between measurements),"
                                    + " got count "
                                    + count
                                    + " and no interval"));
        } else if (post && check.getInterval() != null && (count == null || count == 0)) {
            problems.add(new SpecProblem(field + ".count", INDEFINITE_POST));
        }
    }

    static final String INDEFINITE_POST =
            "required for a postPromotion check with an interval: without a count (or with 0) it"
                    + " measures until it fails, and the previous child, kept until the"
                    + " postPromotion checks end, would be kept forever; set a count of 1 or more";

    /**
     * A duration field: it must parse, and be above zero when {@code positive}.
     *
     * @return the duration, or {@code null} when the field is not set or has a problem
     */
    static Duration duration(
            String field, String text, boolean positive, List<SpecProblem> problems) {
        if (text == null) {
            return null;
        }
        try {
            Duration duration = AnalysisDurations.parse(text);
            if (positive && duration.isZero()) {
                problems.add(
                        new SpecProblem(field, "expected a duration > 0, got \"" + text + "\""));
                return null;
            }
            return duration;
        } catch (IllegalArgumentException e) {
            problems.add(new SpecProblem(field, e.getMessage()));
            return null;
        }
    }

    /** The three limits, and (with a count) that the count can reach them (Argo's rules). */
    private static void limits(String field, AnalysisCheck check, List<SpecProblem> problems) {
        boolean failure = atLeast(field + ".failureLimit", check.getFailureLimit(), -1, problems);
        boolean inconclusive =
                atLeast(field + ".inconclusiveLimit", check.getInconclusiveLimit(), 0, problems);
        atLeast(field + ".consecutiveErrorLimit", check.getConsecutiveErrorLimit(), 0, problems);
        Integer count = check.getCount();
        if (count == null || count <= 0) {
            return;
        }
        if (failure) {
            withinCount(field + ".failureLimit", check.getFailureLimit(), count, problems);
        }
        if (inconclusive) {
            withinCount(
                    field + ".inconclusiveLimit", check.getInconclusiveLimit(), count, problems);
        }
    }

    /** Whether {@code value} is set and at least {@code min}; a value below is a problem. */
    private static boolean atLeast(
            String field, Integer value, int min, List<SpecProblem> problems) {
        if (value == null) {
            return false;
        }
        if (value < min) {
            problems.add(new SpecProblem(field, "expected >= " + min + ", got " + value));
            return false;
        }
        return true;
    }

    private static void withinCount(
            String field, int limit, int count, List<SpecProblem> problems) {
        if (limit > count) {
            problems.add(
                    new SpecProblem(
                            field,
                            "expected at most count ("
                                    + count
                                    + "), got "
                                    + limit
                                    + ": more measurements than the check takes could never"
                                    + " exceed it"));
        }
    }
}
