import { EnquiryForm } from '../../domain/enquiry/enquiry-form';
import { SectionBoundary } from '../../components/section-boundary';
import { EmptyState, ErrorState } from '../../components/section-states';
import { serverMessage } from '../../lib/api/error-text';
import { useGetContactFaqsQuery } from './api/get-contact-faqs';
import { FaqAccordion } from './components/faq-accordion';

const OFFICE = [
  { label: 'Office', lines: ['Nivaas Realty Technologies', '3rd floor, 80 Feet Road, Koramangala 4th Block', 'Bengaluru, Karnataka 560034'] },
  { label: 'Hours', lines: ['Monday to Saturday', '9:30 am to 6:30 pm IST'] },
  { label: 'E-mail', lines: ['hello@nivaas.in', 'We answer within one working day.'] },
];

export function ContactPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 md:py-14 lg:px-8">
      <title>Contact us | Nivaas</title>
      <meta name="description" content="Ask Nivaas about a property, a listing or your account. Answers to common questions." />
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">We are here to help</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 md:text-4xl">Contact us</h1>
        <p className="mt-3 text-slate-600">
          Looking for a home, listing one, or stuck somewhere on the site? Send us a note and someone from our Bengaluru
          team will call or write back.
        </p>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_1.15fr] lg:gap-12">
        <div className="space-y-6">
          <section aria-labelledby="enquiry-heading" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:p-8">
            <h2 id="enquiry-heading" className="text-xl font-bold tracking-tight text-slate-900">
              Send us a message
            </h2>
            <p className="mt-1 text-sm text-slate-600">All fields except the message are needed so we can reply.</p>
            <SectionBoundary name="The enquiry form">
              <EnquiryForm title="Contact enquiry" submitLabel="Send message" className="mt-5" trackAs="CONTACT_FORM_SENT" />
            </SectionBoundary>
          </section>
          <section aria-labelledby="office-heading" className="on-dark rounded-3xl bg-brand-900 p-5 text-white md:p-8">
            <h2 id="office-heading" className="text-lg font-bold">
              Our office
            </h2>
            <dl className="mt-4 grid gap-5 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
              {OFFICE.map((item) => (
                <div key={item.label}>
                  <dt className="text-xs font-semibold tracking-wide text-amber-300 uppercase">{item.label}</dt>
                  {item.lines.map((line) => (
                    <dd key={line} className="mt-1 text-sm text-brand-50">
                      {line}
                    </dd>
                  ))}
                </div>
              ))}
            </dl>
          </section>
        </div>

        <section aria-labelledby="faq-heading">
          <h2 id="faq-heading" className="text-xl font-bold tracking-tight text-slate-900 md:text-2xl">
            Frequently asked questions
          </h2>
          <div className="mt-4">
            <SectionBoundary name="Frequently asked questions">
              <ContactFaqs />
            </SectionBoundary>
          </div>
        </section>
      </div>
    </div>
  );
}

function ContactFaqs() {
  const faqs = useGetContactFaqsQuery();
  if (faqs.isError) {
    return (
      <ErrorState
        title="Something went wrong"
        message={serverMessage(faqs.error) ?? 'We could not load the questions. Check your connection and try again.'}
        onRetry={() => void faqs.refetch()}
      />
    );
  }
  if (!faqs.data) {
    return (
      <ul className="space-y-3" aria-busy="true" aria-label="Loading questions">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="h-14 animate-pulse rounded-2xl bg-slate-200" />
        ))}
      </ul>
    );
  }
  if (faqs.data.length === 0) {
    return <EmptyState title="No questions yet">Ask us anything with the form; we reply within a working day.</EmptyState>;
  }
  return <FaqAccordion faqs={faqs.data} />;
}
