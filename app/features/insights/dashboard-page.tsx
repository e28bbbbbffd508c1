import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { BETA_FUNNEL, insightsCopy, PRESET_PERIODS } from '#app/content/insights.ts'
import { formatWholeNumber } from '#app/content/number-format.ts'
import { ConsoleSection, consoleFieldClass } from '#app/features/console/console-forms.tsx'
import { consolePaths } from '#app/features/console/console-paths.ts'
import { ConsolePageHeader } from '#app/features/console/console-shell.tsx'
import { ConsoleTable } from '#app/features/console/console-table.tsx'
import { shownAsTyped } from '#app/features/console/typed-text.ts'
import { useConsole } from '#app/features/console/use-console.ts'
import { mayOpen } from '#app/features/operators/roles.ts'
import { FormStatus } from '#app/forms/form.tsx'
import { buttonClass } from '#app/ui/button.ts'
import { longDay } from './chart-geometry.ts'
import { ChartTable, FunnelChart, LeadsChart, TrafficChart } from './charts.tsx'
import type { InsightsDashboard, InsightsFigures, PeriodChoice } from './dashboard.ts'
import { formatChange, formatRate, formatRateChange } from './figures-format.ts'

const cell = 'px-4 py-3 align-top tabular-nums'
const count = formatWholeNumber
const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`
const LEAD_FORMS = ['beta', 'waitlist', 'contact', 'newsletter'] as const

/** A value a visitor sent (a path, a site, a campaign) or a post's title: text only, isolated, wrapped anywhere. */
function Typed({ value }: { value: string }) {
	return <bdi className="wrap-anywhere">{shownAsTyped(value)}</bdi>
}

/** The row's name cell, holding what a visitor sent. */
function RowName({ children }: { children: ReactNode }) {
	return (
		<th scope="row" className="max-w-xs px-4 py-3 text-left align-top font-normal text-slate-900">
			{children}
		</th>
	)
}

function Empty({ children }: { children: string }) {
	return <p className="text-slate-600">{children}</p>
}

/** A date input's value: a real day as YYYY-MM-DD, or empty (anything else is not a value it may hold). */
function dateValue(value: string) {
	const time = Date.parse(`${value}T00:00:00Z`) || 0
	return /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(time).toISOString().startsWith(value) ? value : ''
}

function PeriodForm({ choice, typed }: { choice: PeriodChoice; typed: { from: string; to: string } }) {
	const copy = insightsCopy.period
	// A refused custom range keeps what was typed, so it can be corrected.
	const selected = choice.problem ? 'custom' : choice.choice
	const range = choice.problem ? { from: dateValue(typed.from), to: dateValue(typed.to) } : choice.period
	return (
		<Form
			method="get"
			action={consolePaths.insights}
			// Each answer shows its own period, also when it is reached by a link rather than this form.
			key={`${selected}:${range.from}:${range.to}:${choice.compare}`}
			className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
		>
			<fieldset className="sm:col-span-2 lg:col-span-4">
				<legend className="text-sm font-medium text-slate-800">{copy.legend}</legend>
				<div className="mt-2 flex flex-wrap gap-2">
					{[
						...PRESET_PERIODS.map((days) => ({ value: String(days), label: copy.preset(days) })),
						{ value: 'custom', label: copy.custom },
					].map((option) => (
						<label
							key={option.value}
							className="flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50"
						>
							<input
								type="radio"
								name="period"
								value={option.value}
								defaultChecked={selected === option.value}
								className="size-4 accent-brand-600"
							/>
							{option.label}
						</label>
					))}
				</div>
			</fieldset>
			<RangeDate name="from" label={copy.from} value={range.from} invalid={Boolean(choice.problem)} />
			<RangeDate name="to" label={copy.to} value={range.to} invalid={Boolean(choice.problem)} />
			<p id="insights-range-hint" className="text-xs text-slate-600 sm:col-span-2 lg:self-end">
				{copy.rangeHint}
			</p>
			<div className="flex flex-wrap items-center gap-4 sm:col-span-2 lg:col-span-4">
				<label className="flex items-center gap-2 text-sm text-slate-800">
					<input
						type="checkbox"
						name="compare"
						value="1"
						defaultChecked={choice.compare}
						className="size-4 accent-brand-600"
					/>
					{copy.compare}
				</label>
				<button type="submit" className={buttonClass('primary', 'md')}>
					{copy.apply}
				</button>
			</div>
			{choice.problem ? (
				<div className="sm:col-span-2 lg:col-span-4">
					<FormStatus result={{ ok: false, tone: 'error', message: choice.problem }} />
				</div>
			) : null}
		</Form>
	)
}

function Totals({ current, previous }: { current: InsightsFigures; previous: InsightsFigures | null }) {
	const copy = insightsCopy.totals
	const figures = [
		{ label: copy.visitors, now: count(current.totals.visitors), key: 'visitors' as const },
		{ label: copy.pageViews, now: count(current.totals.pageViews), key: 'pageViews' as const },
		{ label: copy.leads, now: count(current.totals.leads), key: 'leads' as const },
		{ label: copy.conversion, now: formatRate(current.totals.conversion), key: 'conversion' as const },
	]
	const before = (key: (typeof figures)[number]['key']) => {
		if (!previous) return null
		if (key === 'conversion')
			return {
				value: formatRate(previous.totals.conversion),
				change: formatRateChange(current.totals.conversion, previous.totals.conversion),
			}
		return { value: count(previous.totals[key]), change: formatChange(current.totals[key], previous.totals[key]) }
	}
	return (
		<section aria-labelledby="insights-totals" className="mt-6">
			<h2 id="insights-totals" className="sr-only">
				{copy.heading}
			</h2>
			<dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
				{figures.map((figure) => {
					const earlier = before(figure.key)
					return (
						<div key={figure.key} className="rounded-xl border border-slate-200 bg-white p-4" data-total={figure.key}>
							<dt className="text-sm text-slate-600">{figure.label}</dt>
							<dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{figure.now}</dd>
							{earlier ? (
								<dd className="mt-1 text-sm text-slate-700" data-previous="">
									{copy.previous}: <span className="tabular-nums">{earlier.value}</span>
									{earlier.change === insightsCopy.notCounted ? null : (
										<span className="font-semibold tabular-nums"> ({earlier.change})</span>
									)}
								</dd>
							) : null}
						</div>
					)
				})}
			</dl>
		</section>
	)
}

function TrafficSection({ current, previous }: { current: InsightsFigures; previous: InsightsFigures | null }) {
	const copy = insightsCopy.traffic
	const any = [current, previous].some((figures) => figures?.daily.some((day) => day.visitors > 0 || day.pageViews > 0))
	return (
		<ConsoleSection heading={copy.heading} intro={copy.intro}>
			{any ? (
				<>
					<TrafficChart current={current} previous={previous} />
					<ChartTable>
						<ConsoleTable
							caption={copy.table}
							columns={[...Object.values(copy.columns), ...(previous ? Object.values(copy.previousColumns) : [])]}
							minWidth={previous ? 'sm:min-w-[40rem]' : 'sm:min-w-[24rem]'}
						>
							{current.daily.map((day, index) => {
								const before = previous?.daily[index]
								return (
									<tr key={day.day}>
										<th scope="row" className={`${cell} text-left font-normal whitespace-nowrap`}>
											{day.day}
										</th>
										<td className={cell}>{count(day.visitors)}</td>
										<td className={cell}>{count(day.pageViews)}</td>
										{before ? (
											<>
												<td className={`${cell} whitespace-nowrap`}>{before.day}</td>
												<td className={cell}>{count(before.visitors)}</td>
												<td className={cell}>{count(before.pageViews)}</td>
											</>
										) : null}
									</tr>
								)
							})}
						</ConsoleTable>
					</ChartTable>
				</>
			) : (
				<Empty>{copy.empty}</Empty>
			)}
		</ConsoleSection>
	)
}

function LeadsSection({ current, previous }: { current: InsightsFigures; previous: InsightsFigures | null }) {
	const copy = insightsCopy.leads
	const total = (day: InsightsFigures['leadsDaily'][number]) => LEAD_FORMS.reduce((sum, form) => sum + day[form], 0)
	const any = [current, previous].some((figures) => figures?.leadsDaily.some((day) => total(day) > 0))
	return (
		<ConsoleSection heading={copy.heading} intro={copy.intro}>
			{any ? (
				<>
					<LeadsChart current={current} previous={previous} />
					<ChartTable>
						<ConsoleTable
							caption={copy.table}
							columns={[
								copy.day,
								...LEAD_FORMS.map((form) => copy.forms[form]),
								copy.total,
								...(previous ? [copy.previousTotal] : []),
							]}
							minWidth="sm:min-w-[40rem]"
						>
							{current.leadsDaily.map((day, index) => {
								const before = previous?.leadsDaily[index]
								return (
									<tr key={day.day}>
										<th scope="row" className={`${cell} text-left font-normal whitespace-nowrap`}>
											{day.day}
										</th>
										{LEAD_FORMS.map((form) => (
											<td key={form} className={cell}>
												{count(day[form])}
											</td>
										))}
										<td className={`${cell} font-semibold`}>{count(total(day))}</td>
										{before ? <td className={cell}>{count(total(before))}</td> : null}
									</tr>
								)
							})}
						</ConsoleTable>
					</ChartTable>
				</>
			) : (
				<Empty>{copy.empty}</Empty>
			)}
		</ConsoleSection>
	)
}

function SourcesSection({ figures }: { figures: InsightsFigures }) {
	const copy = insightsCopy.sources
	return (
		<ConsoleSection heading={copy.heading} intro={copy.intro}>
			{figures.sources.length === 0 ? (
				<Empty>{copy.empty}</Empty>
			) : (
				<ConsoleTable caption={copy.heading} columns={Object.values(copy.columns)} minWidth="sm:min-w-[24rem]">
					{figures.sources.map((row) => (
						<tr key={row.key}>
							<RowName>
								<Typed value={row.source} />
							</RowName>
							<td className={cell}>{count(row.visitors)}</td>
							<td className={cell}>{count(row.leads)}</td>
							<td className={cell}>{formatRate(row.rate)}</td>
						</tr>
					))}
				</ConsoleTable>
			)}
		</ConsoleSection>
	)
}

function FunnelSection({ figures }: { figures: InsightsFigures }) {
	const copy = insightsCopy.funnel
	const started = (figures.funnel[0]?.steps[0]?.visitors ?? 0) > 0
	const last = BETA_FUNNEL.length - 1
	return (
		<ConsoleSection heading={copy.heading} intro={copy.intro}>
			{started ? (
				<>
					<ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
						{figures.funnel.map((funnel) => {
							const label = funnel.source ?? copy.overall
							return (
								<li key={funnel.key} data-funnel={label}>
									<h3 className="font-semibold text-slate-900">
										<Typed value={label} />
									</h3>
									<FunnelChart label={copy.chart(label)} steps={funnel.steps} />
								</li>
							)
						})}
					</ul>
					<ChartTable>
						<ConsoleTable
							caption={copy.table}
							columns={[copy.source, ...BETA_FUNNEL.map((step) => capitalised(step.label)), copy.conversion]}
							minWidth="sm:min-w-[40rem]"
						>
							{figures.funnel.map((funnel) => {
								const first = funnel.steps[0]?.visitors ?? 0
								const applied = funnel.steps[last]?.visitors ?? 0
								return (
									<tr key={funnel.key}>
										<RowName>
											<Typed value={funnel.source ?? copy.overall} />
										</RowName>
										{funnel.steps.map((step) => (
											<td key={step.label} className={cell}>
												{count(step.visitors)}
											</td>
										))}
										<td className={cell}>{formatRate(first > 0 ? applied / first : null)}</td>
									</tr>
								)
							})}
						</ConsoleTable>
					</ChartTable>
				</>
			) : (
				<Empty>{copy.empty}</Empty>
			)}
		</ConsoleSection>
	)
}

function TopTables({ figures }: { figures: InsightsFigures }) {
	const { pages, referrers, campaigns } = insightsCopy
	return (
		<>
			<div className="grid grid-cols-1 gap-x-6 lg:grid-cols-2">
				<ConsoleSection heading={pages.heading}>
					{figures.pages.length === 0 ? (
						<Empty>{pages.empty}</Empty>
					) : (
						<ConsoleTable caption={pages.heading} columns={Object.values(pages.columns)} minWidth="sm:min-w-[24rem]">
							{figures.pages.map((row) => (
								<tr key={row.path}>
									<RowName>
										<Typed value={row.path} />
									</RowName>
									<td className={cell}>{count(row.views)}</td>
									<td className={cell}>{count(row.visitors)}</td>
								</tr>
							))}
						</ConsoleTable>
					)}
				</ConsoleSection>
				<ConsoleSection heading={referrers.heading}>
					{figures.referrers.length === 0 ? (
						<Empty>{referrers.empty}</Empty>
					) : (
						<ConsoleTable
							caption={referrers.heading}
							columns={Object.values(referrers.columns)}
							minWidth="sm:min-w-[24rem]"
						>
							{figures.referrers.map((row) => (
								<tr key={row.host}>
									<RowName>
										<Typed value={row.host} />
									</RowName>
									<td className={cell}>{count(row.visitors)}</td>
									<td className={cell}>{count(row.leads)}</td>
									<td className={cell}>{formatRate(row.rate)}</td>
								</tr>
							))}
						</ConsoleTable>
					)}
				</ConsoleSection>
			</div>
			<ConsoleSection heading={campaigns.heading} intro={campaigns.intro}>
				{figures.campaigns.length === 0 ? (
					<Empty>{campaigns.empty}</Empty>
				) : (
					<ConsoleTable
						caption={campaigns.heading}
						columns={Object.values(campaigns.columns)}
						minWidth="sm:min-w-[40rem]"
					>
						{figures.campaigns.map((row) => (
							<tr key={JSON.stringify([row.campaign, row.source, row.medium])}>
								<RowName>
									<Typed value={row.campaign} />
								</RowName>
								<td className="max-w-40 px-4 py-3 align-top">
									{row.source === null ? campaigns.none : <Typed value={row.source} />}
								</td>
								<td className="max-w-40 px-4 py-3 align-top">
									{row.medium === null ? campaigns.none : <Typed value={row.medium} />}
								</td>
								<td className={cell}>{count(row.visitors)}</td>
								<td className={cell}>{count(row.leads)}</td>
								<td className={cell}>{formatRate(row.rate)}</td>
							</tr>
						))}
					</ConsoleTable>
				)}
			</ConsoleSection>
		</>
	)
}

function PostsSection({ figures }: { figures: InsightsFigures }) {
	const copy = insightsCopy.posts
	return (
		<ConsoleSection heading={copy.heading}>
			<div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
				<div>
					<h3 className="mb-3 font-semibold text-slate-900">{copy.byViews}</h3>
					{figures.posts.byViews.length === 0 ? (
						<Empty>{copy.emptyViews}</Empty>
					) : (
						<ConsoleTable
							caption={copy.byViews}
							columns={[copy.columns.post, copy.columns.views, copy.columns.visitors]}
							minWidth="sm:min-w-[24rem]"
						>
							{figures.posts.byViews.map((row) => (
								<tr key={row.slug}>
									<RowName>
										<Typed value={row.title} />
									</RowName>
									<td className={cell}>{count(row.views)}</td>
									<td className={cell}>{count(row.visitors)}</td>
								</tr>
							))}
						</ConsoleTable>
					)}
				</div>
				<div>
					<h3 className="mb-3 font-semibold text-slate-900">{copy.bySignUps}</h3>
					{figures.posts.bySignUps.length === 0 ? (
						<Empty>{copy.emptySignUps}</Empty>
					) : (
						<ConsoleTable
							caption={copy.bySignUps}
							columns={[copy.columns.post, copy.columns.signUps]}
							minWidth="sm:min-w-[24rem]"
						>
							{figures.posts.bySignUps.map((row) => (
								<tr key={row.slug}>
									<RowName>
										<Typed value={row.title} />
									</RowName>
									<td className={cell}>{count(row.signUps)}</td>
								</tr>
							))}
						</ConsoleTable>
					)}
				</div>
			</div>
		</ConsoleSection>
	)
}

export function InsightsPage({
	choice,
	typed,
	dashboard,
	exports,
}: {
	choice: PeriodChoice
	/** The custom range as the address gave it, shown again when it was refused. */
	typed: { from: string; to: string }
	dashboard: InsightsDashboard
	/** The tables the CSV exports offer. */
	exports: string[]
}) {
	const { current, previous } = dashboard
	const copy = insightsCopy
	const nothing = current.totals.visitors === 0 && current.totals.pageViews === 0 && current.totals.leads === 0
	const mayBackUp = mayOpen(useConsole().operator.role, consolePaths.backup)
	return (
		<>
			<ConsolePageHeader heading={copy.heading} intro={copy.intro} />
			<PeriodForm choice={choice} typed={typed} />
			<p className="mt-4 text-sm text-slate-700" data-period="">
				{copy.period.showing(longDay(current.period.from), longDay(current.period.to), current.period.days)}
				{previous ? `, ${copy.period.comparedWith(longDay(previous.period.from), longDay(previous.period.to))}` : null}
			</p>
			{nothing ? (
				<p className="mt-4 rounded-xl border border-slate-200 bg-white p-4 text-slate-700">{copy.empty}</p>
			) : null}
			<Totals current={current} previous={previous} />
			<TrafficSection current={current} previous={previous} />
			<LeadsSection current={current} previous={previous} />
			<SourcesSection figures={current} />
			<FunnelSection figures={current} />
			<TopTables figures={current} />
			<PostsSection figures={current} />
			<ConsoleSection heading={copy.downloads.heading} intro={copy.downloads.intro}>
				<ul className="list-disc space-y-1 pl-6">
					{exports.map((table) => (
						<li key={table}>
							<Link reloadDocument to={consolePaths.exportFile(table)} className="text-brand-700 underline">
								{table}.csv
							</Link>
						</li>
					))}
				</ul>
				{mayBackUp ? (
					<p className="mt-3">
						<Link to={consolePaths.backup} className="text-brand-700 underline">
							{copy.downloads.backup}
						</Link>
					</p>
				) : null}
			</ConsoleSection>
		</>
	)
}

/** One end of the custom range: a date field described by the range's hint. */
function RangeDate({ name, label, value, invalid }: { name: string; label: string; value: string; invalid: boolean }) {
	return (
		<div>
			<label htmlFor={`insights-${name}`} className="block text-sm font-medium text-slate-800">
				{label}
			</label>
			<input
				id={`insights-${name}`}
				type="date"
				name={name}
				defaultValue={value}
				aria-describedby="insights-range-hint"
				aria-invalid={invalid || undefined}
				className={consoleFieldClass}
			/>
		</div>
	)
}
