import { Link } from 'react-router'
import type { LegalDocument } from '#app/content/legal.ts'

/** A legal text with its date; numbered documents get numbered headings and a linked table of contents. */
export function LegalDocumentView({ document, numbered = false }: { document: LegalDocument; numbered?: boolean }) {
	const heading = (index: number, title: string) => (numbered ? `${index + 1}. ${title}` : title)
	return (
		<article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
			<h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{document.title}</h1>
			<p className="mt-2 text-sm text-slate-600">{`Last updated ${document.lastUpdated}`}</p>
			{document.intro.map((paragraph) => (
				<p key={paragraph} className="mt-6 text-lg text-slate-700">
					{paragraph}
				</p>
			))}
			{numbered ? (
				<nav aria-labelledby="toc-heading" className="mt-10 rounded-xl border border-slate-200 bg-slate-50 p-6">
					<h2 id="toc-heading" className="text-lg font-bold text-slate-900">
						Contents
					</h2>
					<ol className="mt-4 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
						{document.sections.map((section, index) => (
							<li key={section.id}>
								<a href={`#${section.id}`} className="text-brand-700 underline-offset-4 hover:underline">
									{heading(index, section.title)}
								</a>
							</li>
						))}
					</ol>
				</nav>
			) : null}
			{document.sections.map((section, index) => (
				<section
					key={section.id}
					id={section.id}
					aria-labelledby={`${section.id}-heading`}
					className="mt-10 scroll-mt-24"
				>
					<h2 id={`${section.id}-heading`} className="text-2xl font-bold text-slate-900">
						{heading(index, section.title)}
					</h2>
					{section.paragraphs.map((paragraph) => (
						<p key={paragraph} className="mt-3 text-slate-700">
							{paragraph}
						</p>
					))}
					{section.list ? (
						<ul className="mt-3 list-disc space-y-1 pl-6 text-slate-700">
							{section.list.map((item) => (
								<li key={item}>{item}</li>
							))}
						</ul>
					) : null}
					{section.links ? (
						<ul className="mt-3 space-y-1">
							{section.links.map((link) => (
								<li key={link.to}>
									<Link to={link.to} className="font-medium text-brand-700 underline underline-offset-4">
										{link.label}
									</Link>
								</li>
							))}
						</ul>
					) : null}
				</section>
			))}
		</article>
	)
}
