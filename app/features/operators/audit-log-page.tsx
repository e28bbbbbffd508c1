import { Form } from 'react-router'
import { auditDetailSentence } from '#app/content/audit-sentences.ts'
import { type AuditAction, auditActions, auditCopy } from '#app/content/console.ts'
import { ConsoleFilters, filtersSet } from '#app/features/console/console-filters.tsx'
import { consoleFieldClass as selectClass } from '#app/features/console/console-forms.tsx'
import { ConsolePageHeader } from '#app/features/console/console-shell.tsx'
import { ConsolePageLinks, ConsoleTable } from '#app/features/console/console-table.tsx'
import { Moment } from '#app/features/console/moment.tsx'
import { buttonClass } from '#app/ui/button.ts'

export type AuditRow = {
	id: number
	createdAt: string
	action: string
	target: string | null
	addressHash: string | null
	operatorName: string | null
	operatorEmail: string | null
	detail: Record<string, string | number | boolean | null> | null
}

const actionLabel = (action: string) => (auditActions as Record<string, string>)[action] ?? action

export function AuditLogPage({
	entries,
	operators,
	filter,
	olderHref,
	newestHref,
}: {
	entries: AuditRow[]
	operators: { id: number; displayName: string; email: string }[]
	filter: { operator: string; action: string }
	olderHref: string | null
	/** The first page of the same filter, when this is an older one. */
	newestHref: string | null
}) {
	return (
		<>
			<ConsolePageHeader heading={auditCopy.heading} intro={auditCopy.intro} />
			<ConsoleFilters set={filtersSet(filter)}>
				<Form
					method="get"
					// The fields start again from the address when a link changes the filter.
					key={JSON.stringify(filter)}
					className="flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-white p-4"
				>
					<div className="min-w-48 flex-1">
						<label htmlFor="audit-operator" className="block text-sm font-medium text-slate-800">
							{auditCopy.operator}
						</label>
						<select id="audit-operator" name="operator" defaultValue={filter.operator} className={selectClass}>
							<option value="">{auditCopy.anyOperator}</option>
							{operators.map((operator) => (
								<option key={operator.id} value={String(operator.id)}>
									{`${operator.displayName} (${operator.email})`}
								</option>
							))}
						</select>
					</div>
					<div className="min-w-48 flex-1">
						<label htmlFor="audit-action" className="block text-sm font-medium text-slate-800">
							{auditCopy.action}
						</label>
						<select id="audit-action" name="action" defaultValue={filter.action} className={selectClass}>
							<option value="">{auditCopy.anyAction}</option>
							{(Object.keys(auditActions) as AuditAction[]).map((action) => (
								<option key={action} value={action}>
									{auditActions[action]}
								</option>
							))}
						</select>
					</div>
					<button type="submit" className={buttonClass('primary', 'md')}>
						{auditCopy.filter}
					</button>
				</Form>
			</ConsoleFilters>
			{entries.length === 0 ? (
				<p className="mt-6 text-slate-600">{auditCopy.none}</p>
			) : (
				<ConsoleTable
					caption={auditCopy.heading}
					columns={Object.values(auditCopy.columns)}
					minWidth="sm:min-w-[44rem]"
					className="mt-6"
				>
					{entries.map((entry) => (
						<tr key={entry.id}>
							<td className="px-4 py-3 whitespace-nowrap text-slate-700">
								<Moment value={entry.createdAt} />
							</td>
							<td className="px-4 py-3">
								{/* Names are not unique; the email says who it really was. */}
								{entry.operatorName ?? auditCopy.nobody}
								{entry.operatorEmail ? (
									<span className="block break-all text-xs text-slate-600">{entry.operatorEmail}</span>
								) : null}
							</td>
							<td className="px-4 py-3">
								{actionLabel(entry.action)}
								{entry.detail ? (
									<span className="block text-xs text-slate-600">
										{auditDetailSentence(entry.action, entry.detail)}
									</span>
								) : null}
							</td>
							<td className="px-4 py-3 break-all">{entry.target ?? auditCopy.nobody}</td>
							<td className="px-4 py-3 font-mono text-xs text-slate-600">
								{entry.addressHash?.slice(0, 12) ?? auditCopy.nobody}
							</td>
						</tr>
					))}
				</ConsoleTable>
			)}
			<ConsolePageLinks newestHref={newestHref} olderHref={olderHref} labels={auditCopy} />
		</>
	)
}
