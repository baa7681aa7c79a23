/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * refcount_t (include/linux/refcount.h) and WARN_ON (include/linux/bug.h).
 * The kernel's refcount_t turns misuse into a warning and a saturated
 * counter instead of a wrap and a use-after-free; the model must do the
 * same, and its warnings must reach the running instance's counter (that
 * is how every other test asserts "no warnings").
 */
#include <criterion/criterion.h>

#include <compat/ksim.h>
#include <linux/bug.h>
#include <linux/rcupdate.h>
#include <linux/refcount.h>

#include "common/ksim_fixture.h"

TestSuite(compat_refcount, .init = ctx_setup);

/* Ordinary use raises no warning */
Test(compat_refcount, normal_use)
{
	refcount_t r = REFCOUNT_INIT(1);

	refcount_inc(&r);
	cr_assert_eq(refcount_read(&r), 2);
	cr_assert(refcount_inc_not_zero(&r));
	cr_assert_eq(refcount_read(&r), 3);
	refcount_dec(&r);
	cr_assert_not(refcount_dec_and_test(&r));
	cr_assert(refcount_dec_and_test(&r), "the last put says so");
	cr_assert_eq(refcount_read(&r), 0);
	cr_assert_not(refcount_inc_not_zero(&r), "a dead object stays dead");
	cr_assert_eq(refcount_read(&r), 0);
	refcount_set(&r, 5);
	cr_assert_eq(refcount_read(&r), 5);
	cr_assert_eq(warnings(), 0);
	ctx_finish();
}

/* refcount_inc on 0 is a use-after-free: it warns */
Test(compat_refcount, inc_from_zero_warns)
{
	refcount_t r = REFCOUNT_INIT(0);

	refcount_inc(&r);
	cr_assert_eq(warnings(), 1);
	ctx_finish();
}

/* Underflow warns and saturates; later operations keep it saturated */
Test(compat_refcount, underflow_warns_and_saturates)
{
	refcount_t r = REFCOUNT_INIT(0);

	cr_assert_not(refcount_dec_and_test(&r));
	cr_assert_eq(warnings(), 1);
	cr_assert_eq(refcount_read(&r), (unsigned int)REFCOUNT_SATURATED);
	refcount_inc(&r);
	cr_assert_eq(refcount_read(&r), (unsigned int)REFCOUNT_SATURATED,
		     "saturated stays saturated");
	cr_assert_eq(warnings(), 2);
	cr_assert_not(refcount_dec_and_test(&r), "never frees a saturated object");
	cr_assert_eq(refcount_read(&r), (unsigned int)REFCOUNT_SATURATED);
	cr_assert_eq(warnings(), 3);
	ctx_finish();
}

/* A saturated counter is pinned: inc_not_zero succeeds, warns, stays put */
Test(compat_refcount, saturated_inc_not_zero)
{
	refcount_t r = REFCOUNT_INIT(REFCOUNT_SATURATED);

	cr_assert(refcount_inc_not_zero(&r));
	cr_assert_eq(refcount_read(&r), (unsigned int)REFCOUNT_SATURATED);
	cr_assert_eq(warnings(), 1);
	ctx_finish();
}

/*
 * refcount_dec() must not drop the last reference (nobody would free the
 * object): it warns.
 */
Test(compat_refcount, dec_to_zero_warns)
{
	refcount_t r = REFCOUNT_INIT(1);

	refcount_dec(&r);
	cr_assert_eq(warnings(), 1);
	ctx_finish();
}

/*
 * The kernel's refcount_warn_saturate() saturates in every case it warns
 * about, including addition on 0 and refcount_dec() hitting 0, so a later
 * put cannot free the object a second time.  The model only warns there
 * and leaves 1 and 0.  Disabled until refcount.h saturates (see the report).
 */
Test(compat_refcount, every_warning_saturates)
{
	refcount_t r = REFCOUNT_INIT(0);
	refcount_t s = REFCOUNT_INIT(1);

	refcount_inc(&r);
	cr_assert_eq(refcount_read(&r), (unsigned int)REFCOUNT_SATURATED);
	refcount_dec(&s);
	cr_assert_eq(refcount_read(&s), (unsigned int)REFCOUNT_SATURATED);
	cr_assert_eq(warnings(), 2);
	ctx_finish();
}

/*
 * Overflow: INT_MAX + 1 must warn and saturate rather than wrap.
 * Disabled: the check `old + 1 < 0` in refcount.h is signed overflow (UB)
 * when old == INT_MAX; the build has no -fwrapv, so gcc may fold it away
 * and UBSan aborts on it.  See the report; enable once refcount.h compares
 * without overflowing (e.g. `old == INT_MAX`).
 */
Test(compat_refcount, overflow_saturates)
{
	refcount_t r = REFCOUNT_INIT(INT_MAX);
	refcount_t s = REFCOUNT_INIT(INT_MAX);

	refcount_inc(&r);
	cr_assert_eq(refcount_read(&r), (unsigned int)REFCOUNT_SATURATED);
	cr_assert(refcount_inc_not_zero(&s));
	cr_assert_eq(refcount_read(&s), (unsigned int)REFCOUNT_SATURATED);
	cr_assert_eq(warnings(), 2);
	ctx_finish();
}

/* WARN_ON and WARN return the condition, count only when it is true, and
 * evaluate it exactly once. */
Test(compat_refcount, warn_on_returns_condition)
{
	int evals = 0;

	cr_assert_not(WARN_ON(0));
	cr_assert_eq(warnings(), 0);
	cr_assert(WARN_ON(1));
	cr_assert_eq(warnings(), 1);
	cr_assert(WARN_ON(42), "any non-zero value is true");
	cr_assert_eq(warnings(), 2);
	cr_assert(WARN_ON(++evals == 1));
	cr_assert_eq(evals, 1);
	cr_assert(WARN_ON_ONCE(true));
	cr_assert(WARN(1, "message"));
	cr_assert_not(WARN(0, "message"));
	cr_assert_eq(warnings(), 5);

	if (WARN_ON(evals))	/* the idiom: if (WARN_ON(x)) return */
		evals = -1;
	cr_assert_eq(evals, -1);
	cr_assert_eq(warnings(), 6);
	ctx_finish();
}

/* Outside any instance a warning is printed but counted nowhere */
Test(compat_refcount, warn_without_context)
{
	struct ksim_ctx *mine = ksim_ctx_switch(NULL);

	cr_assert(WARN_ON(1));
	ksim_ctx_switch(mine);
	cr_assert_eq(warnings(), 0);
	ctx_finish();
}
