package dev.bluegreen.diff;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The rules of bluegreen-diff's main code: JDK and Jackson only, no clock reads, no output. */
class DiffArchitectureTest {

    private static final DescribedPredicate<JavaMethodCall> CLOCK_READ =
            DescribedPredicate.describe("a clock read", DiffArchitectureTest::isClockRead);

    private static final ArchRule NO_CLOCK_READS =
            noClasses()
                    .should()
                    .callMethodWhere(CLOCK_READ)
                    .orShould()
                    .dependOnClassesThat()
                    .haveFullyQualifiedName("java.time.InstantSource");

    private static JavaClasses mainClasses;

    @BeforeAll
    static void importMainClasses() {
        mainClasses =
                new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("dev.bluegreen.diff");
    }

    @Test
    void dependsOnlyOnTheJdkJacksonAndItself() {
        classes()
                .should()
                .onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "com.fasterxml.jackson..", "dev.bluegreen.diff..")
                .check(mainClasses);
    }

    @Test
    void neverReadsAClock() {
        NO_CLOCK_READS.check(mainClasses);
    }

    @Test
    void writesNoOutputAndLogsNothing() {
        noClasses()
                .should()
                .accessField(System.class, "out")
                .orShould()
                .accessField(System.class, "err")
                .orShould()
                .dependOnClassesThat()
                .resideInAPackage("java.util.logging..")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("java.lang.System$Logger")
                .check(mainClasses);
    }

    @Test
    void clockRuleCatchesClockReads() {
        JavaClasses offender = new ClassFileImporter().importClasses(ReadsClocks.class);

        assertThatThrownBy(() -> NO_CLOCK_READS.check(offender))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Instant.now()")
                .hasMessageContaining("Clock.systemDefaultZone()")
                .hasMessageContaining("System.currentTimeMillis()");
    }

    private static boolean isClockRead(JavaMethodCall call) {
        String owner = call.getTargetOwner().getName();
        String method = call.getName();
        boolean timeApi =
                owner.startsWith("java.time.")
                        && (method.equals("now")
                                || method.startsWith("system")
                                || method.startsWith("tick"));
        boolean systemClock =
                owner.equals("java.lang.System")
                        && (method.equals("currentTimeMillis") || method.equals("nanoTime"));
        return timeApi || systemClock;
    }

    /** Reads clocks on purpose, to show that the rule fails on it. */
    static final class ReadsClocks {
        long read() {
            return java.time.Instant.now().getNano()
                    + java.time.Clock.systemDefaultZone().millis()
                    + System.currentTimeMillis();
        }
    }
}
