package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.analysis.MeasurementPhase;
import dev.bluegreen.operator.internal.cel.ConditionCompiler;

import dev.cel.common.CelOptions;
import dev.cel.common.CelValidationException;
import dev.cel.compiler.CelCompiler;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelFunctionBinding;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Judges a provider's value with a check's {@code successCondition} and {@code failureCondition},
 * CEL expressions over {@code result} and the provider's other variables (all {@code dyn}; numbers
 * are doubles, see {@link CelValues}). Besides CEL's standard functions and macros: {@code
 * isNaN(double)} and {@code isInf(double)} (either sign), as in Argo Rollouts. The phase follows
 * {@link MeasurementPhase}'s rules; an expression that does not compile, fails to evaluate (e.g.
 * {@code result[0]} of an empty list) or is not a bool is an {@code ERROR} with CEL's message.
 * Compiled programs are cached per expression (the {@value #CACHED} most recently used).
 * Thread-safe.
 */
final class Conditions {
    /** The most compiled expressions kept. */
    static final int CACHED = 256;

    /** The variables every expression may read besides {@code result}. */
    static final List<String> VARIABLES = ConditionCompiler.VARIABLES;

    private static final CelOptions OPTIONS = ConditionCompiler.OPTIONS;

    private static final CelCompiler COMPILER = ConditionCompiler.COMPILER;

    private static final CelRuntime RUNTIME =
            CelRuntimeFactory.standardCelRuntimeBuilder()
                    .setOptions(OPTIONS)
                    .addFunctionBindings(
                            CelFunctionBinding.from(
                                    ConditionCompiler.IS_NAN,
                                    Double.class,
                                    (Double d) -> d.isNaN()),
                            CelFunctionBinding.from(
                                    ConditionCompiler.IS_INF,
                                    Double.class,
                                    (Double d) -> d.isInfinite()))
                    .build();

    private final Map<String, Compiled> cache =
            Collections.synchronizedMap(
                    new LinkedHashMap<>(16, 0.75f, true) {
                        @Override
                        protected boolean removeEldestEntry(Map.Entry<String, Compiled> eldest) {
                            return size() > CACHED;
                        }
                    });

    /** The outcome of judging one value: the phase and, unless successful, why. */
    record Judgement(MeasurementPhase phase, String message) {}

    /**
     * The phase of a measurement whose provider gave {@code variables} ({@code result} and, for the
     * flink provider, the children's maps; values as providers return them).
     *
     * @param success the success condition, or {@code null}/blank for none
     * @param failure the failure condition, or {@code null}/blank for none
     */
    Judgement judge(String success, String failure, Map<String, Object> variables) {
        Map<String, Object> cel = new LinkedHashMap<>();
        VARIABLES.forEach(name -> cel.put(name, CelValues.of(variables.get(name))));
        try {
            Boolean succeeded = blank(success) ? null : eval("successCondition", success, cel);
            Boolean failed = blank(failure) ? null : eval("failureCondition", failure, cel);
            return phase(succeeded, failed, success, failure);
        } catch (ConditionException e) {
            return new Judgement(MeasurementPhase.ERROR, e.getMessage());
        }
    }

    /** How many compiled expressions are cached. */
    int cached() {
        return cache.size();
    }

    private static Judgement phase(
            Boolean succeeded, Boolean failed, String success, String failure) {
        if (Boolean.TRUE.equals(failed)) {
            return new Judgement(MeasurementPhase.FAILED, "failureCondition true: " + failure);
        }
        if (Boolean.FALSE.equals(succeeded)) {
            return failed == null
                    ? new Judgement(MeasurementPhase.FAILED, "successCondition false: " + success)
                    : new Judgement(
                            MeasurementPhase.INCONCLUSIVE,
                            "neither successCondition nor failureCondition true");
        }
        return new Judgement(MeasurementPhase.SUCCESSFUL, "");
    }

    private Boolean eval(String field, String expression, Map<String, Object> variables) {
        Compiled compiled = cache.computeIfAbsent(expression, Conditions::compile);
        if (compiled.error() != null) {
            throw new ConditionException(field + " does not compile: " + compiled.error());
        }
        Object value;
        try {
            value = compiled.program().eval(variables);
        } catch (CelEvaluationException | RuntimeException e) {
            throw new ConditionException(field + " failed: " + e.getMessage());
        }
        if (!(value instanceof Boolean bool)) {
            throw new ConditionException(
                    field + " is not a bool: " + ValueText.of(value) + " (" + expression + ")");
        }
        return bool;
    }

    private static Compiled compile(String expression) {
        try {
            var ast = COMPILER.compile(expression).getAst();
            return new Compiled(RUNTIME.createProgram(ast), null);
        } catch (CelValidationException | CelEvaluationException e) {
            return new Compiled(null, e.getMessage());
        }
    }

    private static boolean blank(String expression) {
        return expression == null || expression.isBlank();
    }

    /** A compiled expression, or why it does not compile. */
    private record Compiled(CelRuntime.Program program, String error) {}

    /** A condition that cannot be evaluated; its message says which and why. */
    private static final class ConditionException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ConditionException(String message) {
            super(message);
        }
    }
}
