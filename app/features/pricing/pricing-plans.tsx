import { type BillingPeriod, type Plan, plans, pricingCopy } from '#app/content/plans.ts'
import { buttonClass } from '#app/ui/button.ts'
import { Icon, type IconNode } from '#app/ui/icons.tsx'
import { formatUsd, monthlyRate, yearlyTotal } from './price.ts'

const checkIcon: IconNode = [['path', { d: 'M20 6 9 17l-5-5' }]]

const periods: BillingPeriod[] = ['annual', 'monthly']

/**
 * Annual/monthly toggle as a radio group: CSS (:has in app.css) shows the prices of the checked period,
 * so it works without JavaScript and needs no state.
 */
function BillingToggle() {
	return (
		<fieldset className="mx-auto flex w-fit items-center gap-1 rounded-full bg-slate-100 p-1">
			<legend className="sr-only">{pricingCopy.billingLegend}</legend>
			{periods.map((period) => (
				<label
					key={period}
					className="flex cursor-pointer items-center gap-2 rounded-full px-5 py-2 text-sm font-semibold text-slate-700 has-checked:bg-white has-checked:text-slate-900 has-checked:shadow has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
				>
					<input type="radio" name="billing" value={period} defaultChecked={period === 'annual'} className="sr-only" />
					{pricingCopy.billingOptions[period]}
					{period === 'annual' ? (
						<span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-800">
							{pricingCopy.annualBadge}
						</span>
					) : null}
				</label>
			))}
		</fieldset>
	)
}

function PlanPrice({ plan }: { plan: Plan }) {
	if (plan.monthlyPrice === 0) {
		return (
			<div className="mt-6">
				<p>
					<span className="text-4xl font-extrabold text-slate-900" data-price>
						{formatUsd(0)}
					</span>
					<span className="text-slate-600">{pricingCopy.perMonth}</span>
				</p>
				<p className="mt-1 text-sm text-slate-600">{pricingCopy.freeForever}</p>
			</div>
		)
	}
	return (
		<>
			{periods.map((period) => (
				<div key={period} className="mt-6" data-period={period}>
					<p>
						<span className="text-4xl font-extrabold text-slate-900" data-price>
							{formatUsd(monthlyRate(plan, period))}
						</span>
						<span className="text-slate-600">{pricingCopy.perMonth}</span>
					</p>
					<p className="mt-1 text-sm text-slate-600">
						{period === 'annual' ? pricingCopy.billedAnnually(formatUsd(yearlyTotal(plan))) : pricingCopy.billedMonthly}
					</p>
				</div>
			))}
		</>
	)
}

function PlanCard({ plan, appUrl }: { plan: Plan; appUrl: string }) {
	const allowances = [
		pricingCopy.launched(plan.launchedDomains),
		...(plan.warmedDomains === null ? [] : [pricingCopy.warmed(plan.warmedDomains)]),
		pricingCopy.seats(plan.seats),
	]
	return (
		<li
			data-plan={plan.id}
			className={`flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
				plan.popular ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200'
			}`}
		>
			<div className="flex flex-wrap items-center justify-between gap-2">
				<h3 className="text-xl font-bold text-slate-900">{plan.name}</h3>
				{plan.popular ? (
					<span className="rounded-full bg-brand-600 px-3 py-1 text-xs font-bold text-white">
						{pricingCopy.popularBadge}
					</span>
				) : null}
			</div>
			{plan.warmingBeta ? (
				<p className="mt-3 w-fit rounded-md bg-amber-100 px-2 py-1 text-xs font-bold text-amber-900">
					{pricingCopy.betaBadge}
				</p>
			) : null}
			<p className="mt-3 text-sm text-slate-700">{plan.description}</p>
			<PlanPrice plan={plan} />
			<ul className="mt-6 flex-1 space-y-2 text-sm text-slate-700">
				{[...allowances, ...plan.features].map((feature) => (
					<li key={feature} className="flex gap-2">
						<Icon node={checkIcon} className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" />
						{feature}
					</li>
				))}
			</ul>
			<a
				href={`${appUrl}/register`}
				className={`mt-8 w-full ${buttonClass(plan.popular ? 'primary' : 'secondary', 'md')}`}
			>
				{plan.cta}
				<span className="sr-only"> with the {plan.name} plan</span>
			</a>
		</li>
	)
}

export function PricingPlans({ appUrl }: { appUrl: string }) {
	return (
		<div data-billing="">
			<BillingToggle />
			<ul className="mt-10 grid gap-6 md:grid-cols-2 xl:grid-cols-5">
				{plans.map((plan) => (
					<PlanCard key={plan.id} plan={plan} appUrl={appUrl} />
				))}
			</ul>
		</div>
	)
}
