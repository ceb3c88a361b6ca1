package dev.bluegreen.operator.internal.cel;

import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOptions;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.types.SimpleType;
import dev.cel.compiler.CelCompiler;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.parser.CelStandardMacro;

import java.util.List;

/**
 * The CEL environment of the analysis conditions ({@code successCondition}, {@code
 * failureCondition}), shared by the measurements (which evaluate them) and the spec's validation
 * (which refuses what would not compile): the variables {@link #VARIABLES}, all {@code dyn}; CEL's
 * standard functions and macros; {@code isNaN(double)} and {@code isInf(double)}; numbers of
 * different types compare by value. Immutable and thread-safe.
 */
public final class ConditionCompiler {
    /** The variables a condition may read: {@code result}, and the flink provider's children. */
    public static final List<String> VARIABLES =
            List.of("result", "candidate", "incumbent", "blue", "green");

    /** The options of the compiler, and of the runtime that evaluates what it compiled. */
    public static final CelOptions OPTIONS =
            CelOptions.current().enableHeterogeneousNumericComparisons(true).build();

    /** The overload of {@code isNaN}, which the runtime binds. */
    public static final String IS_NAN = "is_nan_double";

    /** The overload of {@code isInf}, which the runtime binds. */
    public static final String IS_INF = "is_inf_double";

    /** The compiler of every condition. */
    public static final CelCompiler COMPILER = compiler();

    private ConditionCompiler() {}

    private static CelCompiler compiler() {
        var builder =
                CelCompilerFactory.standardCelCompilerBuilder()
                        .setOptions(OPTIONS)
                        .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
                        .addFunctionDeclarations(
                                CelFunctionDecl.newFunctionDeclaration(
                                        "isNaN",
                                        CelOverloadDecl.newGlobalOverload(
                                                IS_NAN, SimpleType.BOOL, SimpleType.DOUBLE)),
                                CelFunctionDecl.newFunctionDeclaration(
                                        "isInf",
                                        CelOverloadDecl.newGlobalOverload(
                                                IS_INF, SimpleType.BOOL, SimpleType.DOUBLE)));
        VARIABLES.forEach(name -> builder.addVar(name, SimpleType.DYN));
        return builder.build();
    }
}
