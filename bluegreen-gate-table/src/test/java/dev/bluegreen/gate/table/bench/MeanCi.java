package dev.bluegreen.gate.table.bench;

import java.util.List;

/**
 * The mean of samples with the half-width of its two-sided 95 % confidence interval (Student's t,
 * {@code n - 1} degrees of freedom: {@code t * s / sqrt(n)}).
 *
 * @param mean the samples' mean
 * @param halfWidth the interval is {@code mean ± halfWidth}
 * @param n how many samples
 */
record MeanCi(double mean, double halfWidth, int n) {
    /** t(0.975, df) for df = 1 .. 30; beyond 30 the normal 1.96 is within 2 %. */
    private static final double[] T_975 = {
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042
    };

    /**
     * The mean and its interval.
     *
     * @throws IllegalArgumentException with fewer than two samples
     */
    static MeanCi of(List<Double> samples) {
        int n = samples.size();
        if (n < 2) {
            throw new IllegalArgumentException("samples: expected at least 2, got " + n);
        }
        double mean = samples.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double squares = samples.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum();
        double sd = Math.sqrt(squares / (n - 1));
        double t = n - 1 <= T_975.length ? T_975[n - 2] : 1.96;
        return new MeanCi(mean, t * sd / Math.sqrt(n), n);
    }

    /** {@code mean ± halfWidth} with {@code digits} decimals. */
    String text(int digits) {
        return String.format(
                java.util.Locale.ROOT, "%." + digits + "f ± %." + digits + "f", mean, halfWidth);
    }
}
