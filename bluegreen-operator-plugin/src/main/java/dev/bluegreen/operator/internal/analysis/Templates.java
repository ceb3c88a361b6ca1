package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.analysis.MetricRequest;

import java.util.Locale;

/**
 * Fills the template variables of a query or payload: {@code {{namespace}}}, {@code {{parent}}},
 * {@code {{color}}} (the candidate's colour, lower case) and {@code {{child}}} (the candidate
 * FlinkDeployment). Other {@code {{...}}} text stays as it is. Stateless.
 */
final class Templates {
    private Templates() {}

    /** {@code text} with the variables of {@code request} filled in. */
    static String fill(String text, MetricRequest request) {
        return text.replace("{{namespace}}", request.namespace())
                .replace("{{parent}}", request.parent())
                .replace("{{color}}", request.candidate().name().toLowerCase(Locale.ROOT))
                .replace("{{child}}", request.candidateChild());
    }
}
