package dev.bluegreen.operator.internal.validate;

import dev.bluegreen.operator.internal.cel.ConditionCompiler;

import dev.cel.common.CelIssue;
import dev.cel.common.CelValidationException;
import dev.cel.common.CelValidationResult;
import dev.cel.common.types.CelType;
import dev.cel.common.types.SimpleType;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The check of an analysis condition ({@code successCondition}, {@code failureCondition}): a CEL
 * expression that compiles in the environment measurements are judged in ({@link
 * ConditionCompiler}: {@code result}, {@code candidate}, {@code incumbent}, {@code blue}, {@code
 * green}, all {@code dyn}, and {@code isNaN}, {@code isInf}) and gives a boolean (or {@code dyn},
 * known only when evaluated). Thread-safe.
 */
final class ConditionChecks {
    private ConditionChecks() {}

    /** Adds the problem of the condition in {@code field}, if it has one; {@code null}: not set. */
    static void condition(String field, String expression, List<SpecProblem> problems) {
        if (expression == null) {
            return;
        }
        if (expression.isBlank()) {
            problems.add(new SpecProblem(field, "expected a CEL expression, got a blank string"));
            return;
        }
        CelValidationResult result = ConditionCompiler.COMPILER.compile(expression);
        if (result.hasError()) {
            problems.add(new SpecProblem(field, "does not compile as CEL: " + errors(result)));
            return;
        }
        CelType type = type(result);
        if (!type.equals(SimpleType.BOOL) && !type.equals(SimpleType.DYN)) {
            problems.add(
                    new SpecProblem(
                            field,
                            "expected a boolean CEL expression, got one of type "
                                    + type.name()
                                    + ": "
                                    + expression));
        }
    }

    private static CelType type(CelValidationResult result) {
        try {
            return result.getAst().getResultType();
        } catch (CelValidationException e) {
            // hasError() was false, so the AST is there.
            throw new IllegalStateException(e);
        }
    }

    /** The errors, one line: {@code line 1, column 8: <message>}, joined with "; ". */
    private static String errors(CelValidationResult result) {
        return result.getErrors().stream()
                .map(ConditionChecks::error)
                .collect(Collectors.joining("; "));
    }

    private static String error(CelIssue issue) {
        var at = issue.getSourceLocation();
        return "line "
                + at.getLine()
                + ", column "
                + (at.getColumn() + 1)
                + ": "
                + issue.getMessage();
    }
}
